/** A row whose height was never measured: it counts as the estimate. */
const UNMEASURED = -1;

/**
 * The heights of a thread's rows and their running sums, for a view that draws only some of them.
 * A Fenwick tree over the heights answers "how far down is row i", "which row is at y" and "row i
 * is now h tall" in O(log n) each, so a streamed row that grows costs the same in a thread of ten
 * messages and one of a hundred thousand.
 *
 * A row not measured yet counts as `estimate`; changing the estimate rebuilds the sums (O(n)), so
 * the view does it rarely (each time the measured rows double). Storage is two typed arrays: the
 * measured heights as 32-bit floats (layout works in 1/64 px, which they hold exactly) and the
 * sums as doubles — about 12 bytes a row, nothing per row for the rows never measured.
 */
export class RowHeights {
  /** Row i's measured height, or UNMEASURED. */
  #values: Float32Array;
  /** Fenwick tree of the heights, 1-based (`#tree[0]` unused). */
  #tree: Float64Array;
  #length = 0;
  #estimate: number;
  #measured = 0;
  #measuredSum = 0;

  constructor(estimate: number, length = 0) {
    this.#estimate = estimate;
    const capacity = Math.max(16, length + (length >> 3));
    this.#values = new Float32Array(capacity).fill(UNMEASURED);
    this.#tree = new Float64Array(capacity + 1);
    this.#length = length;
    this.#rebuild();
  }

  get length(): number {
    return this.#length;
  }

  /** The height a row counts as until it is measured. */
  get estimate(): number {
    return this.#estimate;
  }

  /** How many rows have a measured height. */
  get measuredCount(): number {
    return this.#measured;
  }

  /** The mean of the measured heights (the estimate when none is). */
  get measuredMean(): number {
    return this.#measured === 0 ? this.#estimate : this.#measuredSum / this.#measured;
  }

  /** The sum of every row's height. */
  get total(): number {
    return this.#prefix(this.#length);
  }

  isMeasured(index: number): boolean {
    return this.#values[index]! !== UNMEASURED;
  }

  height(index: number): number {
    const value = this.#values[index]!;
    return value === UNMEASURED ? this.#estimate : value;
  }

  /** The top of row `index`: the heights of the rows before it (`length` gives the total). */
  offset(index: number): number {
    return this.#prefix(index);
  }

  /**
   * The row at `y`: the last row whose top is at or above it (so the row whose top is exactly `y`,
   * not the one that ends there). 0 above the first row, the last row below the end; -1 when empty.
   */
  indexAt(y: number): number {
    const length = this.#length;
    if (length === 0) return -1;
    const tree = this.#tree;
    let position = 0;
    let rest = y;
    for (let step = highestBit(length); step > 0; step >>= 1) {
      const next = position + step;
      if (next <= length && tree[next]! <= rest) {
        position = next;
        rest -= tree[next]!;
      }
    }
    return position < length ? position : length - 1;
  }

  /** Sets row `index`'s measured height; returns how much it changed (0: it was already that). */
  measure(index: number, height: number): number {
    const stored = Math.fround(height);
    const old = this.#values[index]!;
    if (old === stored) return 0;
    const before = old === UNMEASURED ? this.#estimate : old;
    if (old === UNMEASURED) this.#measured++;
    else this.#measuredSum -= old;
    this.#measuredSum += stored;
    this.#values[index] = stored;
    const change = stored - before;
    if (change !== 0) this.#add(index + 1, change);
    return change;
  }

  /** Unmeasured rows count as `estimate` from now on (the sums are rebuilt: O(n)). */
  setEstimate(estimate: number): void {
    if (estimate === this.#estimate) return;
    this.#estimate = estimate;
    this.#rebuild();
  }

  /**
   * Rows `start … start + removed` were replaced by `inserted` new (unmeasured) rows; the rows after
   * them keep their heights. A change at the end (appended messages, a branch's tail) costs what
   * it adds and removes; one before the end (history prepended) rebuilds the sums.
   */
  splice(start: number, removed: number, inserted: number): void {
    const length = this.#length;
    const values = this.#values;
    for (let i = start; i < start + removed; i++) {
      const value = values[i]!;
      if (value !== UNMEASURED) {
        this.#measured--;
        this.#measuredSum -= value;
      }
    }
    const next = length - removed + inserted;
    if (start + removed === length) {
      // The sums of the rows kept do not depend on the rows after them: cut, then append.
      this.#length = start;
      this.#reserve(next);
      for (let i = 0; i < inserted; i++) this.#push();
      return;
    }
    this.#reserve(next);
    const kept = this.#values;
    kept.copyWithin(start + inserted, start + removed, length);
    kept.fill(UNMEASURED, start, start + inserted);
    if (next < length) kept.fill(UNMEASURED, next, length);
    this.#length = next;
    this.#rebuild();
  }

  #push(): void {
    const index = ++this.#length;
    this.#values[index - 1] = UNMEASURED;
    // A new last node holds its own height plus the heights its range shares with earlier rows.
    this.#tree[index] = this.#estimate + this.#prefix(index - 1) - this.#prefix(index - (index & -index));
  }

  #reserve(length: number): void {
    if (length <= this.#values.length) return;
    const capacity = Math.max(length, this.#values.length + (this.#values.length >> 1));
    const values = new Float32Array(capacity).fill(UNMEASURED);
    values.set(this.#values.subarray(0, this.#length));
    this.#values = values;
    const tree = new Float64Array(capacity + 1);
    tree.set(this.#tree.subarray(0, this.#length + 1));
    this.#tree = tree;
  }

  #rebuild(): void {
    const tree = this.#tree;
    const values = this.#values;
    const length = this.#length;
    const estimate = this.#estimate;
    tree.fill(0);
    for (let i = 1; i <= length; i++) {
      const value = values[i - 1]!;
      tree[i]! += value === UNMEASURED ? estimate : value;
      const parent = i + (i & -i);
      if (parent <= length) tree[parent]! += tree[i]!;
    }
  }

  #prefix(count: number): number {
    const tree = this.#tree;
    let sum = 0;
    for (let i = count; i > 0; i -= i & -i) sum += tree[i]!;
    return sum;
  }

  #add(position: number, change: number): void {
    const tree = this.#tree;
    const length = this.#length;
    for (let i = position; i <= length; i += i & -i) tree[i]! += change;
  }
}

function highestBit(value: number): number {
  return 1 << (31 - Math.clz32(value));
}
