/**
 * Remembers which turns already failed once, so a scripted failure hits the first attempt
 * and the client's retry goes through. Bounded: the oldest keys are forgotten first.
 */
export class Attempts {
  private readonly seen = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  firstAttempt(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }
}
