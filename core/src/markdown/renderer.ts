import { DEV } from "esm-env";
import type { Env, Token } from "markdown-it";
import type { TextSink } from "../model/views/text-stream.js";
import { blockGroups, closesFence, fenceOpener, isClosingLine, LineIndex, mayBeClosingLine, type BlockGroup, type Fence as FenceState } from "./blocks.js";
import { CodeBlockView } from "./code-block.js";
import { createNode, patchChildren, patchRange, release, viewOf, type PatchCounts } from "./dom.js";
import { MarkdownError } from "./errors.js";
import { heldFrom } from "./held-lines.js";
import { LineBreaks } from "./line-breaks.js";
import { resolveOptions, type MarkdownOptions, type Resolved } from "./options.js";
import { tracedEnv, unsettledLabels, type ReferenceMap, type ReferenceTrace } from "./references.js";
import { textTail, type TextTail } from "./text-tail.js";
import { buildBlocks, fenceLang, type MarkdownNode } from "./tree.js";
import { closeUnterminated } from "./unterminated.js";

/**
 * Markdown that streams into a container at the cost of the delta, not of the message.
 *
 * The text is cut into top-level blocks. A block is **settled** once the block after it has a
 * whole first line (from then on no later text can change it; see blocks.ts), or, for a fenced
 * code block, once its closing fence is there. A settled block is drawn one last time and its DOM
 * is never touched again while the stream goes on. Only the text after the last settled block —
 * the open block — is parsed again per delta, and its DOM is patched in place (see dom.ts). While
 * streaming, what the open block's end does not decide yet is not drawn (held-lines.ts: a bare
 * list marker, backticks that may open a fence, a table header before its delimiter row) and
 * unterminated inline syntax in the paragraph being written is closed or hidden
 * (unterminated.ts), so nothing shows that the finished text will not. Two faster paths skip the
 * parse: an open code fence takes each delta as appended code, and plain words added to the
 * paragraph being written are appended to its last Text node (text-tail.ts).
 *
 * When the stream ends the drawing is the one-shot drawing of the whole text: the open block is
 * drawn as written, and the settled blocks that used a link label defined after them
 * (references.ts) are drawn again, those only.
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

export function createMarkdownStream(container: HTMLElement, options?: MarkdownOptions): MarkdownStream {
  return new Stream(container, resolveOptions(options));
}

/** A settled block drawn with a label that had no definition yet: drawn again once one may have come. */
interface Unresolved {
  /** Its first DOM node, and how many it has. */
  first: Node;
  count: number;
  readonly text: string;
  /** The labels it used that no settled definition gave when it settled. */
  readonly labels: ReadonlySet<string>;
  /** What each label was drawn as (`href title`, or undefined for none). */
  drawn: Map<string, string | undefined>;
  /** Drawn while streaming with a label missing, shown as its text: drawn again at the end. */
  placeholders: boolean;
}

const definitionKey = (value: ReferenceMap[string] | undefined): string | undefined => (value === undefined ? undefined : `${value.href} ${value.title}`);

class Stream implements MarkdownStream {
  readonly #container: HTMLElement;
  readonly #options: Resolved;
  readonly counts: PatchCounts = { created: 0, removed: 0 };
  readonly #breaks = new LineBreaks();
  #streaming = true;
  #settled = 0;
  #lastSettled: Node | null = null;
  /** The text after the last settled block, and where its lines start. */
  #tail = "";
  #lines = new LineIndex();
  /** Link reference definitions of the settled text (`[id]: url`); the first of a label wins. */
  #references: ReferenceMap = Object.create(null) as ReferenceMap;
  /** The settled definitions and the open text's, from the last parse. */
  #defined: ReferenceMap = this.#references;
  #unresolved: Unresolved[] = [];
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
    this.#tail = this.#breaks.reset(text);
    this.#lines = new LineIndex();
    this.#lines.add(this.#tail, 0);
    this.#update();
  }

  append(raw: string): void {
    const delta = this.#breaks.next(raw);
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
    this.#references = Object.create(null) as ReferenceMap;
    this.#defined = this.#references;
    this.#unresolved = [];
  }

  get #firstOpen(): Node | null {
    return this.#lastSettled === null ? this.#container.firstChild : this.#lastSettled.nextSibling;
  }

  /** Settles what can be settled, then draws the open block. */
  #update(): void {
    this.#textTail = undefined;
    try {
      const { env, trace } = tracedEnv(this.#references, this.#streaming);
      const tokens = this.#options.md.parse(this.#tail, env);
      let groups = blockGroups(tokens);
      const complete = this.#lines.complete;
      let settle = 0;
      while (settle < groups.length) {
        const next = groups[settle + 1];
        const group = groups[settle]!;
        if ((next !== undefined && next.line < complete) || closesFence(this.#tail, this.#lines, group, tokens)) settle++;
        else break;
      }
      // Line numbers of `tokens` are of the text before the cut; `shift` lines were cut since.
      const shift = settle > 0 ? this.#settle(tokens, groups.slice(0, settle), groups[settle], trace) : 0;
      groups = groups.slice(settle);
      this.#defined = trace.defined;
      const from = groups[0]?.from ?? tokens.length;
      if (this.#streaming && groups.length === 1 && this.#enterFence(tokens, groups[0]!, shift)) return;
      const drawn = this.#streaming ? this.#streamingView(tokens, from, shift, env, trace) : { tokens, from, exact: true };
      patchChildren(this.#container, this.#firstOpen, buildBlocks(drawn.tokens, drawn.from, drawn.tokens.length, this.#options.tree, !this.#streaming), true, this.counts);
      if (this.#streaming && drawn.exact && this.#options.plainWords) this.#textTail = textTail(tokens, this.#tail, this.#container, trace.definitions);
      if (!this.#streaming && this.#unresolved.length > 0) this.#resolve();
    } catch (cause) {
      this.#failed(cause);
    }
  }

  /**
   * The open block as drawn while streaming: without the lines held back (a second parse, only
   * when some are) and with the paragraph being written closed (unterminated.ts).
   */
  #streamingView(tokens: Token[], from: number, shift: number, env: Env, trace: ReferenceTrace): { tokens: Token[]; from: number; exact: boolean } {
    const md = this.#options.md;
    const lines = this.#lines;
    let held = heldFrom(this.#tail, lines, tokens, from, shift, trace.definitions);
    if (held === this.#tail.length) {
      const closed = closeLastInline(tokens, from, shift, lines.complete, held > lines.start(lines.complete), md, env);
      if (closed !== "emptied") return { tokens, from, exact: closed === "unchanged" };
      // The half-written last line showed nothing but its markers (`- ![ima`): it is held too.
      held = lines.start(lines.complete);
    }
    // A fresh map of definitions: the held lines may hold one.
    const shown = tracedEnv(this.#references, true).env;
    const drawn = md.parse(this.#tail.slice(0, held), shown);
    // The held text starts a line: what is drawn ends with a line break (or is empty).
    closeLastInline(drawn, 0, 0, countBreaks(this.#tail, held), false, md, shown);
    return { tokens: drawn, from: 0, exact: false };
  }

  /**
   * Draws the settled groups over the first open DOM nodes and cuts their text off (up to the end
   * of the last one); returns how many lines were cut.
   */
  #settle(tokens: readonly Token[], groups: readonly BlockGroup[], next: BlockGroup | undefined, trace: ReferenceTrace): number {
    const lines = this.#lines;
    const last = groups[groups.length - 1]!;
    const line = last.end ?? next?.line ?? lines.complete;
    // The definitions before the cut are settled (the first of a label wins, as in the parse).
    for (const definition of trace.definitions) {
      if (definition.to > line || Object.hasOwn(this.#references, definition.label)) continue;
      const value = Object.hasOwn(trace.defined, definition.label) ? trace.defined[definition.label] : undefined;
      if (value !== undefined) this.#references[definition.label] = value;
    }
    for (const group of groups) {
      const nodes = buildBlocks(tokens, group.from, group.to, this.#options.tree, true);
      patchChildren(this.#container, this.#firstOpen, nodes, false, this.counts);
      const first = nodes.length > 0 ? this.#firstOpen : null;
      let end = first;
      for (let i = 1; i < nodes.length; i++) end = end!.nextSibling;
      // Labels no settled definition gives: missing, or defined in the open text (which may grow).
      const labels = unsettledLabels(tokens, group.from, group.to, trace, this.#references);
      if (labels !== undefined && first !== null) {
        const to = group.end !== undefined && group.end <= lines.complete ? lines.start(group.end) : this.#tail.length;
        const drawn = new Map([...labels].map((label) => [label, definitionKey(trace.defined[label])]));
        const placeholders = trace.placeholders && [...drawn.values()].includes(undefined);
        this.#unresolved.push({ first, count: nodes.length, text: this.#tail.slice(lines.start(group.line), to), labels, drawn, placeholders });
      }
      this.#settled += nodes.length;
      if (end !== null) this.#lastSettled = end;
    }
    const cut = lines.start(line);
    this.#tail = this.#tail.slice(cut);
    lines.drop(line, cut);
    return line;
  }

  /**
   * The stream is not (or no longer) streaming: the settled blocks drawn with placeholders, or
   * whose labels are defined otherwise now, are drawn again with every definition there is. One
   * stays on the list while a label of it is not settled (the open text may still define or
   * change it).
   */
  #resolve(): void {
    const still: Unresolved[] = [];
    for (const entry of this.#unresolved) {
      if (entry.placeholders || [...entry.labels].some((label) => entry.drawn.get(label) !== definitionKey(this.#defined[label]))) this.#redraw(entry);
      if (entry.count > 0 && [...entry.labels].some((label) => !Object.hasOwn(this.#references, label))) still.push(entry);
    }
    this.#unresolved = still;
  }

  #redraw(entry: Unresolved): void {
    const tokens = this.#options.md.parse(entry.text, tracedEnv(this.#defined, false).env);
    const nodes = buildBlocks(tokens, 0, tokens.length, this.#options.tree, true);
    const wasLast = this.#lastNodeOf(entry) === this.#lastSettled;
    const before = entry.first.previousSibling;
    const placed = patchRange(this.#container, entry.first, entry.count, nodes, this.counts);
    this.#settled += nodes.length - entry.count;
    if (wasLast) this.#lastSettled = placed.last ?? before;
    entry.drawn = new Map([...entry.labels].map((label) => [label, definitionKey(this.#defined[label])]));
    entry.placeholders = false;
    entry.count = nodes.length;
    if (placed.first !== null) entry.first = placed.first;
  }

  #lastNodeOf(entry: Unresolved): Node | null {
    let node: Node | null = entry.first;
    for (let i = 1; i < entry.count && node !== null; i++) node = node.nextSibling;
    return node;
  }

  /** When the open block is a code fence whose info line is in, later deltas go straight to its view. */
  #enterFence(tokens: readonly Token[], group: BlockGroup, shift: number): boolean {
    const token = tokens[group.from];
    if (token?.type !== "fence" || this.#options.tree.components.code !== undefined) return false;
    const line = group.line - shift;
    const fence = fenceOpener(this.#tail, this.#lines, line);
    if (fence === undefined) return false;
    const node: MarkdownNode = this.#options.tree.codeBlock({ code: NO_CODE, lang: fenceLang(token, this.#options.tree), complete: false });
    patchChildren(this.#container, this.#firstOpen, [node], true, this.counts);
    const view = viewOf(this.#firstOpen!);
    if (!(view instanceof CodeBlockView)) return false;
    this.#fence = { ...fence, shown: 0, scanned: line + 1, view };
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

function countBreaks(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < end; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * Closes the unterminated syntax of the inline content the stream is writing, when the drawing
 * ends in one: a paragraph (it may go on on the next line), or a heading or table cell on the
 * half-written last line. Its children are parsed again from the closed content. Says whether it
 * changed anything, and whether it left the half-written line with nothing to show.
 */
function closeLastInline(tokens: Token[], from: number, shift: number, complete: number, lastLine: boolean, md: Resolved["md"], env: Env): "unchanged" | "closed" | "emptied" {
  let i = tokens.length - 1;
  while (i >= from && tokens[i]!.nesting === -1) i--;
  // A half-written table row is padded with empty cells: the one being written is the last with text.
  for (let k = i; k > from && tokens[k]?.type === "inline" && tokens[k]!.content === "" && tokens[k - 1]!.type === "td_open"; k -= 3) {
    if (tokens[k - 3]?.type === "inline" && tokens[k - 3]!.content !== "") i = k - 3;
  }
  const inline = tokens[i];
  if (i < from || inline?.type !== "inline") return "unchanged";
  // The block the content belongs to: the nearest token before it with lines.
  let block = i - 1;
  while (block >= from && tokens[block]!.map === null) block--;
  const map = tokens[block]?.map;
  if (map === null || map === undefined) return "unchanged";
  const end = map[1] - shift;
  const growing = lastLine ? end === complete + 1 : end === complete && tokens[i - 1]?.type === "paragraph_open";
  if (!growing) return "unchanged";
  const content = inline.content;
  const closed = closeUnterminated(content, (text, scheme) => linkifiedEnd(md, text, scheme));
  if (closed === content) return "unchanged";
  if (lastLine && closed.slice(closed.lastIndexOf("\n") + 1).trim() === "" && content.slice(content.lastIndexOf("\n") + 1).trim() !== "") return "emptied";
  inline.content = closed;
  inline.children = md.parseInline(closed, env)[0]?.children ?? [];
  return "closed";
}

/** Where markdown-it's linkify rule ends the URL whose scheme starts at `scheme` (trailing `*` left out, as it does). */
function linkifiedEnd(md: Resolved["md"], text: string, scheme: number): number | undefined {
  const match = md.linkify.matchAtStart(text.slice(scheme));
  if (match === null) return undefined;
  let length = match.url.length;
  while (length > 0 && match.url.charCodeAt(length - 1) === 42) length--;
  return scheme + length;
}

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
