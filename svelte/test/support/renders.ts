// Render counters for fixture components: a template calls `hit(key, value)` inside the
// expression it renders, so the count is how many times Svelte re-evaluated that expression.
export class Renders {
  private readonly counts = new Map<string, number>();

  hit<T>(key: string, value: T): T {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return value;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Counts per key, for asserting that nothing else moved. */
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** The counters that moved since `before` (a `snapshot()`), by how much. */
  movedSince(before: Record<string, number>): Record<string, number> {
    return Object.fromEntries(
      [...this.counts]
        .filter(([key, count]) => count !== (before[key] ?? 0))
        .map(([key, count]) => [key, count - (before[key] ?? 0)]),
    );
  }

  reset(): void {
    this.counts.clear();
  }
}
