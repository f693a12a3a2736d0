// What the bindings' node-count tests share: a thread of short messages, and a census of the DOM
// nodes under an element by kind (comments and empty Text nodes included: each is a node the
// browser keeps per message).
import { createThread, type AGUIEvent, type Thread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";

/** `count` messages, user and assistant in turn, `m0`…, each holding `text <i> & more`. */
export function chatOf(count: number): Thread {
  const thread = createThread();
  for (let i = 0; i < count; i++) {
    const id = `m${i}`;
    foldEvent(thread, { type: "TEXT_MESSAGE_START", messageId: id, role: i % 2 === 0 ? "user" : "assistant" } as AGUIEvent);
    foldEvent(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `text <${i}> & more` } as AGUIEvent);
  }
  return thread;
}

/** Every node under `root` (itself included), by kind: elements by tag, comments, Text, empty Text. */
export function nodesIn(root: Node): Record<string, number> {
  const kinds: Record<string, number> = {};
  const walker = root.ownerDocument!.createTreeWalker(root, 0xffffffff);
  for (let node: Node | null = walker.currentNode; node !== null; node = walker.nextNode()) {
    const kind = node.nodeType === 3 ? (node.nodeValue === "" ? "empty text" : "text") : node.nodeType === 8 ? "comment" : node.nodeName.toLowerCase();
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

export const total = (kinds: Readonly<Record<string, number>>): number => Object.values(kinds).reduce((sum, n) => sum + n, 0);

/** A token for message `m{last}` extends the Text node already in `element`, in place. */
export async function expectTokenInPlace(thread: Thread, element: Element, last: number, flush: () => unknown, expect: (actual: unknown) => { toBe(expected: unknown): void }): Promise<void> {
  const textNode = element.firstChild;
  foldEvent(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: `m${last}`, delta: "!" } as AGUIEvent);
  await flush();
  expect(element.firstChild).toBe(textNode);
  expect(element.textContent).toBe(`text <${last}> & more!`);
}
