/**
 * Work asked for at a moment it cannot run: a tool result or an approval while a run streams, a
 * new message while a turn (continuations included) is under way. Kept in arrival order and run
 * later by `drain`, which never re-enters itself: an action that asks for a drain while one is
 * running (say, by finishing a tool synchronously) just joins the line, and the drain already
 * running picks it up. This is what keeps two results of one round from starting two
 * continuations (TanStack ai#302).
 */
export class ActionQueue<A> {
  #items: A[] = [];
  #draining = false;

  get size(): number {
    return this.#items.length;
  }

  push(action: A): void {
    this.#items.push(action);
  }

  /**
   * Runs the queued actions in order. `apply` returns `false` to stop early: the action it got is
   * done, the rest stay queued for the next drain (e.g. a run started and must end first).
   */
  drain(apply: (action: A) => boolean | void): void {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#items.length > 0) {
        const action = this.#items.shift() as A;
        if (apply(action) === false) break;
      }
    } finally {
      this.#draining = false;
    }
  }

  /** Empties the queue and hands back what was in it (to resolve or drop). */
  takeAll(): A[] {
    const taken = this.#items;
    this.#items = [];
    return taken;
  }
}
