// What the driver and a markdown page agree on: `window.w6` (W6, streaming markdown).
export interface MarkdownCounts {
  /** DOM nodes removed (replaced or dropped) per delta, from a MutationObserver run. */
  readonly replacedPerDelta: number;
  /** The largest number of nodes removed by one delta. */
  readonly replacedMax: number;
  /** The smallest slack `open block's nodes − nodes removed` over the deltas (≥ 0: never more than the open block). */
  readonly openSlackMin: number;
  /** Mutations inside blocks that were settled before the delta (Threadline lane; -1 where a lane has no settled blocks). */
  readonly settledTouched: number;
}

export interface MarkdownRun {
  readonly deltas: number;
  readonly counts: MarkdownCounts | null;
  /** null when the final DOM is what it must be, else what differs. */
  readonly mismatch: string | null;
}

export interface MarkdownPageApi {
  readonly lane: string;
  /** Mounts the lane with a message of `prefixLength` characters already in (untimed). */
  setup(prefixLength: number): Promise<void>;
  /** Streams the window's deltas, one per task, between the w4-start/w4-end marks. */
  stream(observe: boolean): Promise<MarkdownRun>;
}

declare global {
  interface Window {
    w6: MarkdownPageApi;
  }
}

/** Deltas timed per run, appended after the prefix. */
export const WINDOW_DELTAS = 400;
