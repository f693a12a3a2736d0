// W6 @incremark/core: its incremental parser (completed blocks settle, pending ones are parsed
// again), each completed block drawn once, the pending blocks redrawn per delta — the way its
// framework renderers key blocks. mdast → hast → DOM with the unified utilities. Code is drawn
// plain here; md-incremark-shiki highlights it.
import { createIncremarkParser, type IncremarkParser, type ParsedBlock } from "@incremark/core";
import { toDom } from "hast-util-to-dom";
import { toHast } from "mdast-util-to-hast";
import { installMarkdownHarness, showsEnd } from "../markdown/harness.js";

/** A code block drawn by a highlighter, kept while the block streams. */
export interface CodeView {
  readonly element: HTMLElement;
  /** The block's code is now `value`, its fence's language `lang` (the info line may still be arriving). */
  update(value: string, lang: string): void;
  /** Shows its code in full (highlighting done). */
  drawn(): boolean;
  dispose(): void;
}

/** The incremark lane; with `highlighting`, code blocks are drawn by its views (md-incremark-shiki). */
export function incremarkLane(lane: string, highlighting?: () => Promise<() => CodeView>): void {
  installMarkdownHarness(lane, () => {
    let parser: IncremarkParser | undefined;
    let host: HTMLElement | undefined;
    let pending: HTMLElement | undefined;
    let highlighter: (() => CodeView) | undefined;
    // Code blocks still pending, by block id: a framework renderer keeps their component across deltas.
    const open = new Map<string, CodeView>();
    const views: CodeView[] = [];
    const dom = (node: Parameters<typeof toHast>[0]): Node => toDom(toHast(node), { document });
    const draw = (block: ParsedBlock, completed: boolean): Node => {
      const node = block.node;
      if (highlighter === undefined || node.type !== "code") return dom(node);
      let view = open.get(block.id);
      if (view === undefined) views.push((view = highlighter()));
      view.update(node.value, node.lang || "text");
      if (completed) open.delete(block.id);
      else open.set(block.id, view);
      return view.element;
    };
    const apply = (update: ReturnType<IncremarkParser["append"]>) => {
      for (const block of update.completed) host!.insertBefore(draw(block, true), pending!);
      const nodes = update.pending.map((block) => draw(block, false));
      if (highlighter === undefined) {
        pending!.replaceChildren(...nodes);
        return;
      }
      // Kept code views stay in place; the rest of the pending blocks are drawn anew.
      if (open.size > update.pending.length) for (const id of open.keys()) if (!update.pending.some((b) => b.id === id)) open.delete(id);
      const keep = new Set(nodes);
      for (let child = pending!.firstChild; child !== null; ) {
        const next = child.nextSibling;
        if (!keep.has(child)) child.remove();
        child = next;
      }
      let at = pending!.firstChild;
      for (const node of nodes) {
        if (node === at) at = at.nextSibling;
        else pending!.insertBefore(node, at);
      }
    };
    return {
      async mount(root, prefix) {
        host = root;
        pending = document.createElement("div");
        root.append(pending);
        highlighter = highlighting === undefined ? undefined : await highlighting();
        parser = createIncremarkParser({ gfm: true });
        apply(parser.append(prefix));
        // The prefix has code fences: wait for their grammar and tokens.
        const deadline = performance.now() + 10_000;
        while (!views.every((view) => view.drawn()) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      },
      push: (delta) => apply(parser!.append(delta)),
      check(root, text) {
        const wrong = views.filter((view) => view.element.isConnected && !view.drawn()).length;
        return showsEnd(root, text) ?? (wrong > 0 ? `${wrong} code block(s) do not show their code` : null);
      },
      close: () => {
        for (const view of views) view.dispose();
      },
    };
  });
}

if (location.pathname.includes("/md-incremark/")) incremarkLane("md-incremark");
