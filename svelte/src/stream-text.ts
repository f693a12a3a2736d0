import { subscribeText, type MessageNode } from "@threadline/core";
import type { ActionReturn } from "svelte/action";
import { SvelteBindingError } from "./errors.js";

/**
 * Streaming text outside Svelte's render: the element's content becomes one Text node that each
 * token extends with `appendData(delta)`, so a token costs its own length, not the message's, and
 * no component re-renders. A snapshot or a replaced text sets the node's `data` at once.
 *
 * `<p use:streamText={node}></p>` — or, in Svelte 5.29+, `{@attach fromAction(streamText, () => node)}`.
 * Actions do not run on the server: for server rendering use `<StreamingText {node} />`.
 */
export function streamText(element: HTMLElement, node: MessageNode): ActionReturn<MessageNode> {
  const text = element.ownerDocument.createTextNode("");
  // Whatever the element held (server-rendered text being hydrated) gives way to our node.
  element.replaceChildren(text);
  const sink = {
    reset: (value: string) => {
      text.data = value;
    },
    append: (delta: string) => {
      text.appendData(delta);
    },
  };
  let current = node;
  let stop = subscribeText(checked(node), sink);
  return {
    update(next) {
      if (next === current) return;
      stop();
      current = next;
      stop = subscribeText(checked(next), sink);
    },
    destroy() {
      stop();
    },
  };
}

/** The message's text now, read once and subscribed to nothing (server rendering). */
export function currentText(node: MessageNode): string {
  let value = "";
  subscribeText(checked(node), {
    reset: (text) => {
      value = text;
    },
    append: (delta) => {
      value += delta;
    },
  })();
  return value;
}

function checked(node: MessageNode): MessageNode {
  const content = (node as { content?: { subscribe?: unknown } } | null | undefined)?.content;
  if (typeof content?.subscribe !== "function") {
    throw new SvelteBindingError("NOT_A_MESSAGE", `streamText: expected a message node with a content signal, got ${describe(node)}.`);
  }
  return node;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return `an object with keys ${Object.keys(value).slice(0, 5).join(", ") || "(none)"}`;
}
