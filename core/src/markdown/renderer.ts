import { DEV } from "esm-env";
import type { Env, Token } from "markdown-it";
import remend from "remend";
import type { TextSink } from "../model/views/text-stream.js";
import { blockGroups, closesFence, fenceOpener, isClosingLine, LineIndex, mayBeClosingLine, type Fence as FenceState } from "./blocks.js";
import { CodeBlockView } from "./code-block.js";
import { createNode, patchChildren, release, viewOf, type PatchCounts } from "./dom.js";
import { MarkdownError } from "./errors.js";
import { resolveOptions, type MarkdownOptions, type Resolved } from "./options.js";
import { textTail, type TextTail } from "./text-tail.js";
import { buildBlocks, type MarkdownNode } from "./tree.js";

/**
 * Markdown that streams into a container at the cost of the delta, not of the message.
 *
 * The text is cut into top-level blocks. A block is **settled** once the block after it has a
 * whole first line (from then on no later text can change it; see blocks.ts), or, for a fenced
 * code block, once its closing fence is there. A settled block is drawn one last time and its DOM
 * is never touched again. Only the text after the last settled block — the open block — is
 * parsed again per delta, and its DOM is patched in place (see dom.ts), with unterminated inline
 * syntax (`**bold`, `` `code ``, `[link](http…`) closed for the drawing so nothing flickers. Two
 * faster paths skip the parse: an open code fence takes each delta as appended code, and plain
 * words added to the paragraph being written are appended to its last Text node (text-tail.ts).
 */
export interface MarkdownStream extends TextSink {
  /**
   * Whether the text may still grow (default true). While streaming, unterminated syntax in the
   * open block is drawn as if closed; once not, the open block is drawn exactly as written.
   */
  setStreaming(streaming: boolean): void;
  /** Top-level DOM nodes of the settled blocks (they come first in the container). */
  readonly settledNodes: number;
  /** Nodes created and removed by patches so far (a benchmark counter). */
  readonly counts: Readonly<PatchCounts>;
  /** Empties the container and destroys the widgets (code blocks, components) in it. */
  dispose(): void;
}

// The fence path starts its block empty, then appends the code it has.
const NO_CODE = "";
const REMEND = { singleTilde: false, comparisonOperators: false, htmlTags: false, linkMode: "text-only", katex: false, inlineKatex: false } as const;

export function createMarkdownStream(container: HTMLElement, options?: MarkdownOptions): MarkdownStream {
  return new Stream(container, resolveOptions(options));
}

class Stream implements MarkdownStream {
  readonly #container: HTMLElement;
  readonly #options: Resolved;
  readonly counts: PatchCounts = { created: 0, removed: 0 };
  #streaming = true;
  #settled = 0;
  #lastSettled: Node | null = null;
  /** The text after the last settled block, and where its lines start. */
  #tail = "";
  #lines = new LineIndex();
  /** Link reference definitions of the settled text (`[id]: url`), seen by later blocks. */
  #references: NonNullable<Env["references"]> = Object.create(null) as NonNullable<Env["references"]>;
  #fence: (FenceState & { shown: number; scanned: number; view: CodeBlockView }) | undefined;
  /** Set while the open block ends in a paragraph's text that plain words can be appended to. */
  #textTail: TextTail | undefined;

  constructor(container: HTMLElement, options: Resolved) {
    this.#container = container;
    this.#options = options;
    this.reset("");
  }

  get settledNodes(): number {
    return this.#settled;
  }

  reset(text: string): void {
    this.#clear();
    this.#tail = text;
    this.#lines = new LineIndex();
    this.#lines.add(text, 0);
    this.#update();
  }

  append(delta: string): void {
    if (delta === "") return;
    const from = this.#tail.length;
    this.#tail += delta;
    this.#lines.add(delta, from);
    if (this.#fence !== undefined && this.#fenceAppend()) return;
    if (this.#textTail?.extend(delta) === true) return;
    this.#update();
  }

  setStreaming(streaming: boolean): void {
    if (streaming === this.#streaming) return;
    this.#streaming = streaming;
    this.#fence = undefined;
    this.#update();
  }

  dispose(): void {
    this.#clear();
  }

  #clear(): void {
    for (let child = this.#container.firstChild; child !== null; child = child.nextSibling) release(child);
    this.#container.replaceChildren();
    this.#settled = 0;
    this.#lastSettled = null;
    this.#fence = undefined;
    this.#textTail = undefined;
    this.#references = Object.create(null) as NonNullable<Env["references"]>;
  }

  get #firstOpen(): Node | null {
    return this.#lastSettled === null ? this.#container.firstChild : this.#lastSettled.nextSibling;
  }

  #parse(text: string): Token[] {
    return this.#options.md.parse(text, { references: Object.create(this.#references) as NonNullable<Env["references"]> });
  }

  /** Settles what can be settled, then draws the open block. */
  #update(): void {
    this.#textTail = undefined;
    try {
      const tokens = this.#parse(this.#tail);
      let groups = blockGroups(tokens);
      const complete = this.#lines.complete;
      let settle = 0;
      while (settle < groups.length) {
        const next = groups[settle + 1];
        const group = groups[settle]!;
        if ((next !== undefined && next.line < complete) || closesFence(this.#tail, this.#lines, group, tokens)) settle++;
        else break;
      }
      if (settle > 0) {
        this.#settle(buildBlocks(tokens, groups[0]!.from, groups[settle - 1]!.to, this.#options.tree, true), groups[settle]?.line ?? complete);
        groups = groups.slice(settle);
      }
      if (this.#streaming && groups.length === 1 && this.#enterFence(tokens, groups[0]!.from)) return;
      const shown = this.#streaming && mayNeedRepair(tokens, groups[0]?.from ?? tokens.length) ? remend(this.#tail, REMEND) : this.#tail;
      const nodes =
        shown === this.#tail
          ? buildBlocks(tokens, groups[0]?.from ?? tokens.length, tokens.length, this.#options.tree, !this.#streaming)
          : (() => {
              const repaired = this.#parse(shown);
              return buildBlocks(repaired, 0, repaired.length, this.#options.tree, !this.#streaming);
            })();
      patchChildren(this.#container, this.#firstOpen, nodes, true, this.counts);
      if (this.#streaming && shown === this.#tail && this.#options.plainWords) this.#textTail = textTail(tokens, this.#tail, this.#container);
    } catch (cause) {
      this.#failed(cause);
    }
  }

  /** Draws `nodes` over the first open DOM nodes and settles them; the text before `line` goes. */
  #settle(nodes: readonly MarkdownNode[], line: number): void {
    patchChildren(this.#container, this.#firstOpen, nodes, false, this.counts);
    let last = this.#lastSettled;
    for (let i = 0; i < nodes.length; i++) last = last === null ? this.#container.firstChild : last.nextSibling;
    this.#lastSettled = last;
    this.#settled += nodes.length;
    const cut = this.#lines.start(line);
    const settledText = this.#tail.slice(0, cut);
    // Reference definitions make no tokens; read them from the settled text (once) for later blocks.
    if (settledText.includes("]:")) {
      const env: Env = { references: Object.create(null) as NonNullable<Env["references"]> };
      this.#options.md.parse(settledText, env);
      Object.assign(this.#references, env.references);
    }
    this.#tail = this.#tail.slice(cut);
    this.#lines.drop(line, cut);
  }

  /** When the open block is a code fence whose info line is in, later deltas go straight to its view. */
  #enterFence(tokens: readonly Token[], from: number): boolean {
    const token = tokens[from];
    if (token?.type !== "fence" || this.#options.tree.components.code !== undefined || this.#lines.complete < 1) return false;
    const fence = fenceOpener(this.#tail, this.#lines);
    if (fence === undefined) return false;
    const node: MarkdownNode = this.#options.tree.codeBlock({ code: NO_CODE, lang: token.info.trim().split(/\s+/)[0] ?? "", complete: false });
    patchChildren(this.#container, this.#firstOpen, [node], true, this.counts);
    const view = viewOf(this.#firstOpen!);
    if (!(view instanceof CodeBlockView)) return false;
    this.#fence = { ...fence, shown: 0, scanned: 1, view };
    this.#fenceAppend();
    return true;
  }

  /** The open fence grew: appends the new code, or returns false when the fence just closed. */
  #fenceAppend(): boolean {
    const fence = this.#fence!;
    const lines = this.#lines;
    for (; fence.scanned < lines.complete; fence.scanned++) {
      if (isClosingLine(this.#tail.slice(lines.start(fence.scanned), lines.start(fence.scanned + 1) - 1), fence)) {
        this.#fence = undefined;
        return false;
      }
    }
    // A last line that may yet be the closing fence is held back until it is whole.
    const open = lines.start(lines.complete);
    const end = open < this.#tail.length && mayBeClosingLine(this.#tail.slice(open), fence) ? open : this.#tail.length;
    const shown = fence.body + fence.shown;
    if (end > shown) {
      fence.view.append(this.#tail.slice(shown, end));
      fence.shown = end - fence.body;
    }
    return true;
  }

  #failed(cause: unknown): void {
    this.#fence = undefined;
    this.#textTail = undefined;
    this.#options.onError(new MarkdownError("MARKDOWN_RENDER_FAILED", DEV ? `markdown: drawing the open block failed: ${cause instanceof Error ? cause.message : String(cause)}` : "", this.#tail, { cause }));
    try {
      patchChildren(this.#container, this.#firstOpen, [{ tag: "p", attrs: undefined, children: [this.#tail] }], true, this.counts);
    } catch {
      // Nothing more to do: the settled blocks stay as they are.
    }
  }
}

/**
 * Whether the open text may hold unterminated syntax worth closing: a delimiter left as text
 * (markdown-it consumes the matched ones), or a setext underline that may be a list or rule
 * being typed. Saves the closing pass (and a second parse) on most deltas.
 */
function mayNeedRepair(tokens: readonly Token[], from: number): boolean {
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "heading_open" && (token.markup === "-" || token.markup === "=")) return true;
    if (token.type !== "inline" || token.children === null) continue;
    for (const child of token.children) if (child.type === "text" && UNTERMINATED.test(child.content)) return true;
  }
  return false;
}
const UNTERMINATED = /[*_`~[$]/;

/** The whole text drawn at once, every block settled: what a stream of it ends as. */
export function renderMarkdown(container: HTMLElement, text: string, options?: MarkdownOptions): () => void {
  const { md, tree } = resolveOptions(options);
  const tokens = md.parse(text, {});
  for (let child = container.firstChild; child !== null; child = child.nextSibling) release(child);
  container.replaceChildren(...buildBlocks(tokens, 0, tokens.length, tree, true).map((node) => createNode(container.ownerDocument, node)));
  return () => {
    for (let child = container.firstChild; child !== null; child = child.nextSibling) release(child);
    container.replaceChildren();
  };
}
