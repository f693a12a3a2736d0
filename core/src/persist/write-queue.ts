import { isPromiseLike, type MaybePromise } from "./adapter.js";

/** One storage operation. It reports its own failures; a throw here is a bug and goes to `onDefect`. */
export type QueuedOperation = () => MaybePromise<void>;

/** Spent slots at the head of the line tolerated before they are dropped. */
const COMPACT_AFTER = 1024;

/**
 * Runs storage operations strictly one after another. An operation that answers synchronously
 * lets the next one run in the same tick (a sync adapter such as localStorage never waits for a
 * microtask); one that answers with a promise holds the queue until it settles, so a slow async
 * adapter can never see write N+1 before write N has landed.
 */
export class WriteQueue {
  private readonly operations: (QueuedOperation | undefined)[] = [];
  private head = 0;
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly onDefect: (error: unknown) => void) {}

  get idle(): boolean {
    return !this.draining;
  }

  enqueue(operation: QueuedOperation): void {
    this.operations.push(operation);
    if (!this.draining) this.drain();
  }

  /** Resolves once every operation enqueued so far (and any they enqueue) has settled. Never rejects. */
  whenIdle(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Whatever happens while reporting a defect, the line keeps moving. */
  private defect(error: unknown): void {
    try {
      this.onDefect(error);
    } catch {
      // Nowhere left to report to.
    }
  }

  private drain(): void {
    this.draining = true;
    while (this.head < this.operations.length) {
      const operation = this.operations[this.head];
      this.operations[this.head++] = undefined;
      if (operation === undefined) continue;
      let result: MaybePromise<void>;
      try {
        result = operation();
      } catch (error) {
        this.defect(error);
        continue;
      }
      if (isPromiseLike(result)) {
        // A queue kept busy (a write in flight every frame) never reaches idle to reset: drop the
        // spent slots now and then, so the array does not grow with every operation ever run.
        if (this.head >= COMPACT_AFTER) {
          this.operations.splice(0, this.head);
          this.head = 0;
        }
        // `draining` stays true while we wait: operations enqueued meanwhile only join the line.
        result.then(
          () => this.drain(),
          (error: unknown) => {
            this.defect(error);
            this.drain();
          },
        );
        return;
      }
    }
    this.operations.length = 0;
    this.head = 0;
    this.draining = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
