// W6 @incremark/core: its incremental parser (completed blocks settle, pending ones are parsed
// again), each completed block drawn once, the pending blocks redrawn per delta — the way its
// framework renderers key blocks. mdast → hast → DOM with the unified utilities.
import { createIncremarkParser, type IncremarkParser } from "@incremark/core";
import { toDom } from "hast-util-to-dom";
import { toHast } from "mdast-util-to-hast";
import { installMarkdownHarness, showsEnd } from "../markdown/harness.js";

installMarkdownHarness("md-incremark", () => {
  let parser: IncremarkParser | undefined;
  let host: HTMLElement | undefined;
  let pending: HTMLElement | undefined;
  const dom = (node: Parameters<typeof toHast>[0]): Node => toDom(toHast(node), { document });
  const apply = (update: ReturnType<IncremarkParser["append"]>) => {
    for (const block of update.completed) host!.insertBefore(dom(block.node), pending!);
    pending!.replaceChildren(...update.pending.map((block) => dom(block.node)));
  };
  return {
    async mount(root, prefix) {
      host = root;
      pending = document.createElement("div");
      root.append(pending);
      parser = createIncremarkParser({ gfm: true });
      apply(parser.append(prefix));
    },
    push: (delta) => apply(parser!.append(delta)),
    check: showsEnd,
    close: () => {},
  };
});
