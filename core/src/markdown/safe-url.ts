/**
 * Which URLs from the model may reach an `href` or a `src`. markdown-it already refuses
 * `javascript:`, `vbscript:`, `file:` and most `data:`; this is the allowlist on top, so a
 * protocol nobody thought of (or a browser quirk markdown-it's list misses) is refused too.
 */

/** Decides the URL a link or an image gets: the URL to use, or `null` to drop it. */
export type UrlPolicy = (url: string, kind: "link" | "image") => string | null;

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);
// Characters a browser strips or ignores inside a scheme ("java\tscript:" is "javascript:").
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;

/** The default policy: http(s), mailto and tel links; http(s) images; relative URLs and fragments. */
export const safeUrl: UrlPolicy = (url, kind) => {
  const bare = url.replace(IGNORED, "");
  const colon = bare.indexOf(":");
  // No scheme before the first "/", "?" or "#": a relative URL, resolved against the page.
  const delimiter = bare.search(/[/?#]/);
  if (colon === -1 || (delimiter !== -1 && delimiter < colon)) return url;
  const protocol = bare.slice(0, colon + 1).toLowerCase();
  return (kind === "link" ? LINK_PROTOCOLS : IMAGE_PROTOCOLS).has(protocol) ? url : null;
};
