import { DEV } from "esm-env";
import { ThreadWindowError } from "./errors.js";

export interface ThreadWindowOptions {
  /**
   * The height, in px, a row counts as before it is drawn and measured (default 120). Only a first
   * guess: once rows are measured, rows not drawn yet count as the mean of those measured.
   */
  readonly estimatedRowHeight?: number;
  /** How far, in px, rows are drawn beyond the visible part, above it and below it (default 800). */
  readonly margin?: number;
  /**
   * How many of the last rows are drawn before anything can be measured: on the server and in the
   * first paint before hydration (default 10).
   */
  readonly initialRows?: number;
  /** A view scrolled to within this many px of the bottom counts as at the latest message (default 40). */
  readonly latestThreshold?: number;
  /**
   * Called when the first message comes within `margin` of the visible part: the moment to load
   * earlier history. Called once each time; again after the first message changes or the view
   * moves away from the top.
   */
  readonly onReachStart?: () => void;
}

export interface ResolvedWindowOptions {
  readonly estimatedRowHeight: number;
  readonly margin: number;
  readonly initialRows: number;
  readonly latestThreshold: number;
  readonly onReachStart: (() => void) | undefined;
}

export function resolveWindowOptions(options: ThreadWindowOptions | undefined): ResolvedWindowOptions {
  if (options !== undefined && (typeof options !== "object" || options === null)) throw bad("options", options, DEV ? "an object" : "");
  const { estimatedRowHeight = 120, margin = 800, initialRows = 10, latestThreshold = 40, onReachStart } = options ?? {};
  if (!(typeof estimatedRowHeight === "number" && estimatedRowHeight > 0 && Number.isFinite(estimatedRowHeight))) throw bad("estimatedRowHeight", estimatedRowHeight, DEV ? "a number of px > 0" : "");
  if (!(typeof margin === "number" && margin >= 0 && Number.isFinite(margin))) throw bad("margin", margin, DEV ? "a number of px ≥ 0" : "");
  if (!(Number.isInteger(initialRows) && initialRows >= 1)) throw bad("initialRows", initialRows, DEV ? "a whole number ≥ 1" : "");
  if (!(typeof latestThreshold === "number" && latestThreshold >= 0 && Number.isFinite(latestThreshold))) throw bad("latestThreshold", latestThreshold, DEV ? "a number of px ≥ 0" : "");
  if (onReachStart !== undefined && typeof onReachStart !== "function") throw bad("onReachStart", onReachStart, DEV ? "a function" : "");
  return { estimatedRowHeight, margin, initialRows, latestThreshold, onReachStart };
}

function bad(option: string, value: unknown, wanted: string): ThreadWindowError {
  return new ThreadWindowError("THREAD_WINDOW_BAD_OPTION", DEV ? `thread window: ${option} must be ${wanted}` : "", value, option);
}
