/**
 * Scripted disconnects a caller holds back: `POST /holds/<threadId>` arms one, and the next
 * disconnect on that thread waits (stream open, nothing more sent) until `DELETE /holds/<threadId>`
 * releases it. A test needs this to check what a drop keeps: Chromium discards the response bytes
 * it has received but not yet handed to the page when the body fails, so a drop right after the
 * last write keeps a race-dependent prefix — under load, nothing at all. Held, the drop happens
 * only once the test has seen the text arrive. Unarmed threads (people in the playground) drop
 * at once, as before.
 */
export class Holds {
  private readonly armed = new Map<string, { released: Promise<void>; release: () => void }>();

  arm(threadId: string): void {
    if (this.armed.has(threadId)) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.armed.set(threadId, { released, release });
  }

  /** False when nothing was armed for the thread. */
  release(threadId: string): boolean {
    const hold = this.armed.get(threadId);
    if (hold === undefined) return false;
    this.armed.delete(threadId);
    hold.release();
    return true;
  }

  /** Resolves at once for an unarmed thread, else on release or when `signal` aborts. */
  async wait(threadId: string, signal: AbortSignal): Promise<void> {
    const hold = this.armed.get(threadId);
    if (hold === undefined || signal.aborted) return;
    await new Promise<void>((resolve) => {
      signal.addEventListener("abort", () => resolve(), { once: true });
      void hold.released.then(resolve);
    });
  }
}
