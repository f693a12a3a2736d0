// W6 Threadline: core's streaming markdown — settled blocks drawn once, the open block patched.
import { createMarkdownStream, renderMarkdown, type MarkdownStream } from "@threadline/core/markdown";
import { installMarkdownHarness } from "../markdown/harness.js";

/** The Threadline lane, with Shiki (the default) or with plain code blocks (`md-threadline-plain`). */
export function threadlineLane(lane: string, highlight: boolean): void {
installMarkdownHarness(lane, () => {
  let stream: MarkdownStream | undefined;
  return {
    async mount(root, prefix) {
      stream = createMarkdownStream(root, highlight ? {} : { highlighter: false });
      stream.reset(prefix);
      // The prefix has code fences: wait for Shiki (loaded on first use) to have drawn them.
      const deadline = performance.now() + 10_000;
      while (highlight && root.querySelector("code .line") === null && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
    push: (delta) => stream!.append(delta),
    settledNodes: () => stream!.settledNodes,
    check(root, text) {
      stream!.setStreaming(false);
      const expected = document.createElement("div");
      renderMarkdown(expected, text, { highlighter: false });
      // Highlighting aside (spans in code), the DOM is the one-shot render's.
      const plain = (element: Element) => element.textContent;
      return plain(root) === plain(expected) && root.childNodes.length === expected.childNodes.length ? null : `final DOM differs from the one-shot render (${root.childNodes.length} vs ${expected.childNodes.length} blocks)`;
    },
    close: () => stream?.dispose(),
  };
});
}

if (location.pathname.includes("/md-threadline/")) threadlineLane("md-threadline", true);
