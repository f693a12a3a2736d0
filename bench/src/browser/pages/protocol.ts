// What the driver (Node, Playwright) and a benchmark page agree on. Each page exposes `window.w4`.

export type Mode = "paced" | "burst";

/** Counters a page keeps while a stream runs; the driver divides them by the delta count. */
export interface Counts {
  /** Calls of the message list's key function: list items visited by a list re-render. */
  readonly keys: number;
  /** Evaluations of a message component's text expression: message components re-rendered. */
  readonly renders: number;
  /** MutationObserver records under the list (only when the run observes; else -1). */
  readonly mutations: number;
}

export interface StreamResult {
  readonly deltas: number;
  readonly counts: Counts;
  /** Wall time of the window in the page (performance.now), for a sanity check only. */
  readonly wallMs: number;
  /** `null` when every list item's text is exactly as expected, else what differs. */
  readonly mismatch: string | null;
}

export interface PageApi {
  readonly lane: string;
  /**
   * Mounts a fresh chat with `priorCount` prior messages, sends the user message "go" and opens
   * the assistant message the deltas stream into; resolves once both are in the DOM, with the
   * milliseconds from the mount call to then (the workload itself is generated before the clock).
   */
  setup(priorCount: number, observe: boolean): Promise<number>;
  /**
   * Streams every delta (`paced`: one per task; `burst`: all in one task) between the user-timing
   * marks `w4-start` and `w4-end`; `w4-end` comes after the next frame, so the rendering the
   * deltas caused is inside the window. Then checks the list's text.
   */
  stream(mode: Mode): Promise<StreamResult>;
  /** Ends the run and unmounts everything. */
  teardown(): Promise<void>;
}

declare global {
  interface Window {
    w4: PageApi;
  }
}

export const START_MARK = "w4-start";
export const END_MARK = "w4-end";
/** The marks around a mount in `setup` (the same window as the mount time it returns). */
export const MOUNT_START_MARK = "w4-mount-start";
export const MOUNT_END_MARK = "w4-mount-end";
