import type { MessageNode } from "@threadline/core";
import { streamMarkdown, type MarkdownOptions } from "@threadline/core/markdown";
import type { ActionReturn } from "svelte/action";
import { markdownComponents, type MarkdownComponentMap } from "./markdown-components.svelte.js";

export interface StreamMarkdownParams {
  readonly node: MessageNode;
  readonly options?: Omit<MarkdownOptions, "components">;
  readonly components?: MarkdownComponentMap;
  /** The contexts app components are mounted with (`getAllContexts()` of the caller). */
  readonly context?: Map<unknown, unknown>;
}

/**
 * `<div use:markdown={{ node }}>`: the message's markdown streamed into the element by core's
 * `streamMarkdown` — settled blocks drawn once, only the open block patched. A new node, options
 * or components start it again. What `<StreamingMarkdown>` uses.
 */
export function markdown(element: HTMLElement, params: StreamMarkdownParams): ActionReturn<StreamMarkdownParams> {
  let current = params;
  const start = (p: StreamMarkdownParams) => {
    // Whatever the element held (the server's markup being hydrated) gives way to the stream.
    element.replaceChildren();
    return streamMarkdown(element, p.node, { ...p.options, components: markdownComponents(p.components, p.context ?? new Map()) });
  };
  let stop = start(params);
  return {
    update(next) {
      if (next.node === current.node && next.options === current.options && next.components === current.components) return;
      current = next;
      stop();
      stop = start(next);
    },
    destroy() {
      stop();
    },
  };
}
