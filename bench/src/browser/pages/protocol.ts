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
   * Builds only the chat's model over `priorCount` prior messages (as a snapshot or storage hands
   * them to the page), nothing mounted; resolves with the milliseconds it took (issue 44).
   */
  load(priorCount: number): Promise<number>;
  /**
   * Mounts the page over the model `load` built, until it is drawn and the next frame painted (the
   * user message is not sent); resolves with the milliseconds, between the mount marks.
   */
  mountLoaded(): Promise<number>;
  /** On the page `mountLoaded` drew: sends the user message and opens the one the deltas go to, as `setup` does. */
  begin(): Promise<void>;
  /**
   * Streams the deltas (`paced`: one per task; `burst`: all in one task; the first `count` when
   * given, every one by default) between the user-timing marks `w4-start` and `w4-end`; `w4-end`
   * comes after the next frame, so the rendering the deltas caused is inside the window. Then
   * checks the list's text.
   */
  stream(mode: Mode, count?: number): Promise<StreamResult>;
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
