import type { Token } from "markdown-it";
import { blockedImage, imageAllowed } from "./images.js";
import { PENDING } from "./references.js";
import type { UrlPolicy } from "./safe-url.js";

/**
 * What a block renders to before it becomes DOM: plain elements from an allowlist, text, and
 * widgets (code blocks, app components, plugin output) that own their own DOM. Built from
 * markdown-it's tokens only — never from HTML — so nothing the model writes becomes markup
 * unless a rule below made it so.
 */
export type MarkdownNode = string | MarkdownElement | MarkdownWidget;

export interface MarkdownElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>> | undefined;
  readonly children: readonly MarkdownNode[];
}

/** A piece of DOM drawn by code of its own: made once, then told when its props change. */
export interface MarkdownWidget<P = unknown> {
  /** Two widgets of one kind are the same widget with other props (the patch updates, not replaces). */
  readonly kind: string;
  readonly props: P;
  view(document: Document, props: P): WidgetView<P>;
  /** Markup for a server render (escaped by the widget); an empty element when absent. */
  html?(props: P): string;
}

export interface WidgetView<P> {
  readonly element: HTMLElement;
  update(props: P): void;
  destroy(): void;
}

/** What an app component is given: it mounts into `host` and is told of new props. */
export interface MountedComponent<P> {
  update(props: P): void;
  destroy(): void;
}
export type ComponentMount<P> = (host: HTMLElement, props: P) => MountedComponent<P>;

export interface CodeBlockProps {
  readonly code: string;
  /** The fence's language (first word of its info string), `""` for none. */
  readonly lang: string;
  /** False while the block is the open one of a stream (the fence may still grow). */
  readonly complete: boolean;
}
export interface LinkProps {
  /** Already passed through the URL policy. */
  readonly href: string;
  readonly title: string;
  /** The link's text, without its inline formatting. */
  readonly text: string;
}
export interface ImageProps {
  readonly src: string;
  readonly alt: string;
  readonly title: string;
}

/** App components that replace the built-in drawing of code blocks, links and images. */
export interface MarkdownComponents {
  readonly code?: ComponentMount<CodeBlockProps>;
  readonly link?: ComponentMount<LinkProps>;
  readonly image?: ComponentMount<ImageProps>;
}

/** Draws the tokens of a plugin's own type (math, say); see MarkdownPlugin. */
export type TokenRenderer = (token: Token, context: { readonly complete: boolean }) => MarkdownNode;

export interface TreeOptions {
  readonly urlPolicy: UrlPolicy;
  readonly components: MarkdownComponents;
  readonly tokens: Readonly<Record<string, TokenRenderer>>;
  readonly codeBlock: (props: CodeBlockProps) => MarkdownNode;
  /** `target` of absolute links (`_blank` by default); `""` for none. */
  readonly linkTarget: string;
  /** Origins whose images are drawn at once (see images.ts). */
  readonly imageOrigins: readonly string[];
  /** Backslash escapes and entities of a fence's info string, resolved (markdown-it's `unescapeAll`). */
  readonly unescape: (text: string) => string;
}

const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd"]);
const INLINE_TAGS: Readonly<Record<string, string>> = { em_open: "em", strong_open: "strong", s_open: "s" };
const ALIGN = /^text-align:(left|center|right)$/;
const TASK = /^\[([ xX])\] /;

type Frame = MarkdownNode[];

/**
 * The nodes of the top-level blocks `tokens[from..to)` (whole groups: every open has its close).
 * `complete` is false for the open block of a stream.
 */
export function buildBlocks(tokens: readonly Token[], from: number, to: number, options: TreeOptions, complete: boolean): MarkdownNode[] {
  const root: MarkdownNode[] = [];
  const stack: Frame[] = [];
  let children: Frame = root;
  let task: "checked" | "unchecked" | undefined;
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.nesting === 1) {
      stack.push(children);
      // A tight list's paragraphs are hidden: their text goes straight into the <li>.
      if (token.hidden) continue;
      const attrs = blockAttrs(token);
      if (token.type === "list_item_open") task = taskOf(tokens[i + 2]);
      const element = { tag: BLOCK_TAGS.has(token.tag) ? token.tag : "div", attrs: task === undefined ? attrs : { class: "task-list-item" }, children: [] as MarkdownNode[] };
      children.push(element);
      children = element.children;
    } else if (token.nesting === -1) {
      children = stack.pop() ?? root;
    } else if (token.type === "inline") {
      inline(token.children ?? [], children, options, complete, task);
      task = undefined;
    } else {
      leaf(token, children, options, complete);
    }
  }
  return root;
}

function attr(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}

function blockAttrs(token: Token): Record<string, string> | undefined {
  if (token.type === "ordered_list_open") {
    const start = attr(token, "start");
    return start !== null && /^\d+$/.test(start) && start !== "1" ? { start } : undefined;
  }
  if (token.type === "th_open" || token.type === "td_open") {
    const align = ALIGN.exec(attr(token, "style") ?? "")?.[1];
    return align === undefined ? undefined : { align };
  }
  return undefined;
}

/** GFM task items: `- [ ] todo` / `- [x] done` (markdown-it leaves them as text). */
function taskOf(inlineToken: Token | undefined): "checked" | "unchecked" | undefined {
  const first = inlineToken?.type === "inline" ? inlineToken.children?.[0] : undefined;
  const mark = first?.type === "text" ? TASK.exec(first.content)?.[1] : undefined;
  return mark === undefined ? undefined : mark === " " ? "unchecked" : "checked";
}

function leaf(token: Token, children: Frame, options: TreeOptions, complete: boolean): void {
  switch (token.type) {
    case "fence":
    case "code_block": {
      const lang = token.type === "fence" ? fenceLang(token, options) : "";
      children.push(options.codeBlock({ code: token.content, lang, complete }));
      return;
    }
    case "hr":
      children.push({ tag: "hr", attrs: undefined, children: [] });
      return;
    default: {
      const render = options.tokens[token.type];
      // Anything else (raw HTML when a plugin turns it on, unknown tokens) is shown as text.
      if (render !== undefined) children.push(render(token, { complete }));
      else if (token.content !== "") children.push({ tag: "p", attrs: undefined, children: [token.content] });
    }
  }
}

/** A fence's language: the first word of its info string, unescaped (`foo\\+bar` is `foo+bar`). */
export function fenceLang(token: Token, options: TreeOptions): string {
  return options.unescape(token.info).trim().split(/\s+/)[0] ?? "";
}

function inline(tokens: readonly Token[], into: Frame, options: TreeOptions, complete: boolean, task: "checked" | "unchecked" | undefined): void {
  const stack: { frame: Frame; link?: { href: string; title: string } }[] = [];
  let children = into;
  const text = (value: string): void => {
    if (value === "") return;
    const last = children.length - 1;
    if (last >= 0 && typeof children[last] === "string") children[last] = (children[last] as string) + value;
    else children.push(value);
  };
  let skip = 0;
  if (task !== undefined) {
    children.push({ tag: "input", attrs: task === "checked" ? { type: "checkbox", disabled: "", checked: "" } : { type: "checkbox", disabled: "" }, children: [] });
    skip = 4;
  }
  for (const token of tokens) {
    switch (token.type) {
      case "text":
        text(skip > 0 ? token.content.slice(skip) : token.content);
        skip = 0;
        break;
      case "softbreak":
        text("\n");
        break;
      case "hardbreak":
        children.push({ tag: "br", attrs: undefined, children: [] });
        break;
      case "code_inline":
        children.push({ tag: "code", attrs: undefined, children: token.content === "" ? [] : [token.content] });
        break;
      case "em_open":
      case "strong_open":
      case "s_open": {
        const element = { tag: INLINE_TAGS[token.type]!, attrs: undefined, children: [] as MarkdownNode[] };
        children.push(element);
        stack.push({ frame: children });
        children = element.children;
        break;
      }
      case "link_open": {
        // A reference whose definition has not come yet shows its text, as a refused URL does.
        const raw = attr(token, "href") ?? "";
        const href = raw === PENDING ? null : options.urlPolicy(raw, "link");
        const title = attr(token, "title") ?? "";
        stack.push({ frame: children, ...(href === null ? {} : { link: { href, title } }) });
        // A refused URL keeps its text, without a link.
        if (href !== null) children = [];
        break;
      }
      case "link_close": {
        const entry = stack.pop();
        if (entry === undefined) break;
        const content = children;
        children = entry.frame;
        if (entry.link === undefined) break;
        children.push(linkNode(entry.link.href, entry.link.title, content, options));
        break;
      }
      case "em_close":
      case "strong_close":
      case "s_close":
        children = stack.pop()?.frame ?? into;
        break;
      case "image": {
        const alt = plainText(token.children ?? []);
        const raw = attr(token, "src") ?? "";
        const src = raw === PENDING ? null : options.urlPolicy(raw, "image");
        if (src === null) {
          text(alt);
          break;
        }
        const props: ImageProps = { src, alt, title: attr(token, "title") ?? "" };
        if (!imageAllowed(src, options.imageOrigins)) children.push(blockedImage(props, options.components.image));
        else children.push(options.components.image ? componentWidget("image", props, options.components.image, "span") : imageElement(props));
        break;
      }
      default: {
        const render = options.tokens[token.type];
        if (render !== undefined) children.push(render(token, { complete }));
        else text(token.content);
      }
    }
  }
}

function linkNode(href: string, title: string, content: MarkdownNode[], options: TreeOptions): MarkdownNode {
  if (options.components.link) return componentWidget("link", { href, title, text: nodesText(content) }, options.components.link, "span");
  const attrs: Record<string, string> = { href };
  if (title !== "") attrs["title"] = title;
  if (options.linkTarget !== "" && /^[a-z][a-z0-9+.-]*:/i.test(href)) {
    attrs["target"] = options.linkTarget;
    attrs["rel"] = "noopener noreferrer";
  }
  return { tag: "a", attrs, children: content };
}

function imageElement(props: ImageProps): MarkdownElement {
  const attrs: Record<string, string> = { src: props.src, alt: props.alt };
  if (props.title !== "") attrs["title"] = props.title;
  return { tag: "img", attrs, children: [] };
}

function plainText(tokens: readonly Token[]): string {
  let out = "";
  for (const token of tokens) out += token.type === "image" ? plainText(token.children ?? []) : token.type === "softbreak" || token.type === "hardbreak" ? "\n" : token.content;
  return out;
}

export function nodesText(nodes: readonly MarkdownNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if ("children" in node) out += nodesText(node.children);
  }
  return out;
}

/** An app component drawn into a host element of its own (`span` inline, `div` for blocks). */
export function componentWidget<P>(kind: string, props: P, mount: ComponentMount<P>, hostTag: "span" | "div"): MarkdownWidget<P> {
  return {
    kind: `component:${kind}`,
    props,
    view: (document, first) => {
      const element = document.createElement(hostTag);
      element.className = `tl-md-${kind}`;
      const mounted = mount(element, first);
      return { element, update: (next) => mounted.update(next), destroy: () => mounted.destroy() };
    },
  };
}
