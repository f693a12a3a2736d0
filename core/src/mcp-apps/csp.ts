/**
 * The sandbox an MCP App runs in. The app's HTML goes into an iframe's `srcdoc` with sandbox
 * `allow-scripts allow-forms` and no `allow-same-origin`: its origin is opaque, so it cannot reach
 * the page's DOM, storage or cookies, whatever it runs. The Content-Security-Policy the MCP Apps
 * spec derives from the resource's `_meta.ui.csp` is the document's first element, so everything
 * the app loads or connects to is what its server declared (default: nothing from the network).
 */

export const MCP_APP_SANDBOX = "allow-scripts allow-forms";

/** The resource's declared origins (`_meta.ui.csp`, `McpUiResourceCsp`). */
export interface McpAppCsp {
  readonly connectDomains?: readonly string[];
  readonly resourceDomains?: readonly string[];
  readonly frameDomains?: readonly string[];
  readonly baseUriDomains?: readonly string[];
}

// An origin as the spec lists them: scheme://host[:port], or a wildcard host; nothing that could
// close the directive (no spaces, quotes or semicolons).
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/;

function origins(list: unknown): string {
  if (!Array.isArray(list)) return "";
  return list
    .filter((o): o is string => typeof o === "string" && ORIGIN.test(o))
    .slice(0, 64)
    .map((o) => ` ${o}`)
    .join("");
}

/** The policy for a resource's `_meta.ui.csp` (anything malformed in it is left out). */
export function mcpAppCsp(csp: unknown): string {
  const c = typeof csp === "object" && csp !== null ? (csp as Record<string, unknown>) : {};
  const resources = origins(c["resourceDomains"]);
  const frames = origins(c["frameDomains"]);
  const base = origins(c["baseUriDomains"]);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline'${resources}`,
    `style-src 'unsafe-inline'${resources}`,
    `img-src data: blob:${resources}`,
    `font-src data:${resources}`,
    `media-src data: blob:${resources}`,
    `connect-src${origins(c["connectDomains"]) || " 'none'"}`,
    `frame-src${frames || " 'none'"}`,
    `base-uri${base || " 'none'"}`,
    "form-action 'none'",
    "object-src 'none'",
  ].join("; ");
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The app's document with its policy first, for `srcdoc`. */
export function mcpAppDocument(html: string, csp: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">${html}`;
}
