import type { Highlighter, HighlightToken, LineTokenizer } from "./highlight.js";
import type { CodeBlockProps, MarkdownWidget, WidgetView } from "./tree.js";

/**
 * The built-in code block: a header with the language and a copy button, then `<pre><code>`.
 * Text that streams in is appended, never redrawn: without a highlighter to one Text node; with
 * one, each finished line is tokenized once (from the state the line before ended in), and the
 * line being written shows as plain text (appended to) until it is finished — tokenizing it
 * again per delta would cost the line per token, and a highlighter's line costs far more than a
 * delta. Once the block is complete its last line is tokenized too. The highlighter loads lazily; until it is there
 * (or when it knows no such language) the code shows as plain text.
 */

const LANG = /^[\w#+.-]{1,40}$/;
const COPIED_MS = 1500;

export function codeBlockWidget(highlighter: Highlighter | undefined): (props: CodeBlockProps) => MarkdownWidget<CodeBlockProps> {
  const view = (document: Document, props: CodeBlockProps) => new CodeBlockView(document, props, highlighter);
  return (props) => ({ kind: "code", props, view, html: codeBlockHtml });
}

export class CodeBlockView implements WidgetView<CodeBlockProps> {
  readonly element: HTMLElement;
  readonly #document: Document;
  readonly #highlighter: Highlighter | undefined;
  readonly #label: HTMLElement;
  readonly #code: HTMLElement;
  #lang = "";
  #text = "";
  #tokenizer: LineTokenizer | null = null;
  #plain: Text | undefined;
  /** Where the open (last, unfinished) line starts in the text, and the grammar state there. */
  #lineStart = 0;
  #state: unknown;
  #openLine: HTMLElement | undefined;
  /** The open line's plain text, while the block streams (undefined once drawn highlighted). */
  #openText: Text | undefined;
  #complete = true;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;

  constructor(document: Document, props: CodeBlockProps, highlighter: Highlighter | undefined) {
    this.#document = document;
    this.#highlighter = highlighter;
    this.element = document.createElement("div");
    this.element.className = "tl-code";
    const header = document.createElement("div");
    header.className = "tl-code-header";
    this.#label = document.createElement("span");
    this.#label.className = "tl-code-lang";
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "tl-code-copy";
    copy.textContent = "Copy";
    copy.addEventListener("click", () => this.#copy(copy));
    header.append(this.#label, copy);
    const pre = document.createElement("pre");
    this.#code = document.createElement("code");
    pre.append(this.#code);
    this.element.append(header, pre);
    this.#setComplete(props.complete);
    this.#setLang(props.lang);
    this.#setText(props.code);
  }

  /** The code as shown now. */
  get code(): string {
    return this.#text;
  }

  update(props: CodeBlockProps): void {
    this.#setComplete(props.complete);
    if (safeLang(props.lang) !== this.#lang) {
      this.#setLang(props.lang);
      this.#setText(props.code);
      return;
    }
    const old = this.#text;
    const next = props.code;
    if (next === old) return;
    if (next.length > old.length && next.startsWith(old)) this.append(next.slice(old.length));
    else this.#setText(next);
  }

  /** The code grew by `delta` (the stream's fast path calls this directly). */
  append(delta: string): void {
    const from = this.#text.length;
    this.#text += delta;
    if (this.#tokenizer === null) this.#plain!.appendData(delta);
    else this.#advance(from);
  }

  destroy(): void {
    this.#destroyed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }

  #setComplete(complete: boolean): void {
    const finished = complete && !this.#complete;
    this.#complete = complete;
    // The last line, plain while the block streamed, is tokenized now.
    if (finished && this.#tokenizer !== null && this.#openText !== undefined) this.#advance(this.#text.length);
    if (complete) this.element.removeAttribute("data-streaming");
    else this.element.setAttribute("data-streaming", "");
  }

  #setLang(requested: string): void {
    this.#lang = safeLang(requested);
    this.#label.textContent = this.#lang;
    if (this.#lang === "") {
      this.element.removeAttribute("data-lang");
      this.#code.removeAttribute("class");
    } else {
      this.element.setAttribute("data-lang", this.#lang);
      this.#code.className = `language-${this.#lang}`;
    }
    this.#tokenizer = null;
    if (this.#highlighter === undefined || this.#lang === "") return;
    const lang = this.#lang;
    const loaded = load(this.#highlighter, lang);
    if (loaded instanceof Promise) {
      loaded.then((tokenizer) => {
        if (tokenizer === null || this.#destroyed || this.#lang !== lang) return;
        this.#tokenizer = tokenizer;
        this.#redraw();
      });
    } else {
      this.#tokenizer = loaded;
    }
  }

  #setText(text: string): void {
    this.#text = text;
    this.#redraw();
  }

  #redraw(): void {
    this.#code.replaceChildren();
    this.#plain = undefined;
    this.#openLine = undefined;
    this.#openText = undefined;
    if (this.#tokenizer === null) {
      this.#plain = this.#document.createTextNode(this.#text);
      this.#code.append(this.#plain);
      return;
    }
    this.#lineStart = 0;
    this.#state = this.#tokenizer.initial;
    this.#advance(0);
  }

  /** Draws the lines finished since `from`, then the open line: plain while streaming, else tokenized. */
  #advance(from: number): void {
    const tokenizer = this.#tokenizer!;
    const text = this.#text;
    for (let end = text.indexOf("\n", Math.max(from, this.#lineStart)); end !== -1; end = text.indexOf("\n", end + 1)) {
      const { tokens, state } = tokenizer.line(text.slice(this.#lineStart, end), this.#state);
      this.#draw(this.#line(), tokens);
      this.#code.append("\n");
      this.#openLine = undefined;
      this.#openText = undefined;
      this.#state = state;
      this.#lineStart = end + 1;
    }
    const open = text.slice(this.#lineStart);
    if (this.#complete) {
      this.#openText = undefined;
      this.#draw(this.#line(), tokenizer.line(open, this.#state).tokens);
    } else if (this.#openText === undefined) {
      this.#openText = this.#document.createTextNode(open);
      this.#line().replaceChildren(this.#openText);
    } else if (open.length > this.#openText.length) {
      this.#openText.appendData(open.slice(this.#openText.length));
    } else if (open !== this.#openText.data) {
      this.#openText.data = open;
    }
  }

  #line(): HTMLElement {
    if (this.#openLine === undefined) {
      this.#openLine = this.#document.createElement("span");
      this.#openLine.className = "line";
      this.#code.append(this.#openLine);
    }
    return this.#openLine;
  }

  #draw(line: HTMLElement, tokens: readonly HighlightToken[]): void {
    const spans: Node[] = [];
    for (const token of tokens) {
      if (token.content === "") continue;
      const span = this.#document.createElement("span");
      span.textContent = token.content;
      // Through CSSOM, which a Content-Security-Policy without 'unsafe-inline' still allows.
      if (token.color !== undefined) span.style.color = token.darkColor === undefined ? token.color : schemeColor(token.color, token.darkColor);
      const style = token.fontStyle ?? 0;
      if (style & 1) span.style.fontStyle = "italic";
      if (style & 2) span.style.fontWeight = "bold";
      if (style & 4) span.style.textDecoration = "underline";
      spans.push(span);
    }
    line.replaceChildren(...spans);
  }

  #copy(button: HTMLButtonElement): void {
    const clipboard = this.#document.defaultView?.navigator.clipboard;
    if (clipboard === undefined) return;
    clipboard.writeText(this.#text).then(
      () => {
        if (this.#destroyed) return;
        button.textContent = "Copied";
        button.setAttribute("data-copied", "");
        if (this.#timer !== undefined) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          button.textContent = "Copy";
          button.removeAttribute("data-copied");
        }, COPIED_MS);
      },
      () => {
        // Refused (no permission, page not focused): the button stays as it was.
      },
    );
  }
}

let knowsLightDark: boolean | undefined;
/** `light-dark(light, dark)`, which follows the page's `color-scheme`; the light colour where the browser lacks it. */
function schemeColor(light: string, dark: string): string {
  knowsLightDark ??= globalThis.CSS?.supports?.("color", "light-dark(#000, #fff)") === true;
  return knowsLightDark ? `light-dark(${light}, ${dark})` : light;
}

function safeLang(lang: string): string {
  return LANG.test(lang) ? lang : "";
}

/** A highlighter that fails to load a language leaves the code plain; it never breaks the block. */
function load(highlighter: Highlighter, lang: string): LineTokenizer | null | Promise<LineTokenizer | null> {
  try {
    const loaded = highlighter.load(lang);
    return loaded instanceof Promise ? loaded.catch(() => null) : loaded;
  } catch {
    return null;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function codeBlockHtml(props: CodeBlockProps): string {
  const lang = safeLang(props.lang);
  return (
    `<div class="tl-code"${lang === "" ? "" : ` data-lang="${lang}"`}${props.complete ? "" : " data-streaming"}>` +
    `<div class="tl-code-header"><span class="tl-code-lang">${lang}</span><button type="button" class="tl-code-copy">Copy</button></div>` +
    `<pre><code${lang === "" ? "" : ` class="language-${lang}"`}>${escapeHtml(props.code)}</code></pre></div>`
  );
}
