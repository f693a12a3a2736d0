// How many text subscribers a message node tells its content writes directly (TextWaiter in
// core/src/model/messages/node-base.ts): StreamingText, streamText and subscribeText listen that
// way while nothing reads the node's content signal, so a token runs no signal or effect.
import type { MessageNode } from "../../src/index.js";

interface Waiter {
  readonly nextWaiter: Waiter | undefined;
}

export function textListeners(node: MessageNode): number {
  let count = 0;
  const first = (node as unknown as { rare?: { textWaiting?: Waiter } }).rare?.textWaiting;
  for (let waiter = first; waiter !== undefined; waiter = waiter.nextWaiter) count++;
  return count;
}
