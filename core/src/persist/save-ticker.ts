import { DEV } from "esm-env";
import { PersistOptionError } from "./errors.js";

/** Schedules one callback; the returned function cancels it if it has not run yet. */
export type ScheduleTick = (callback: () => void) => () => void;

/**
 * How often a streaming thread is written: `"frame"` (the default) waits for the next animation
 * frame, with a timer as backstop because browsers stop animation frames in hidden tabs; a number
 * waits that many milliseconds.
 */
export type SaveCoalescing = "frame" | number;

/** A hidden tab never paints, so without this backstop a background stream would only be saved when it settles. */
const HIDDEN_TAB_BACKSTOP_MS = 250;
const NO_FRAME_FALLBACK_MS = 16;

interface FrameHost {
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}

export function scheduleTickFor(coalescing: SaveCoalescing): ScheduleTick {
  if (coalescing !== "frame") {
    if (!(Number.isFinite(coalescing) && coalescing >= 0)) {
      throw new PersistOptionError(
        "coalesce",
        DEV ? `coalesce must be "frame" or a non-negative number of milliseconds, got ${String(coalescing)}.` : "",
      );
    }
    return (callback) => timeout(callback, coalescing);
  }
  return (callback) => {
    const host = globalThis as FrameHost;
    const request = host.requestAnimationFrame;
    const cancel = host.cancelAnimationFrame;
    if (typeof request !== "function" || typeof cancel !== "function") return timeout(callback, NO_FRAME_FALLBACK_MS);
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancel.call(host, frame);
      clearTimeout(backstop);
      callback();
    };
    const frame = request.call(host, once);
    const backstop = setTimeout(once, HIDDEN_TAB_BACKSTOP_MS);
    return () => {
      done = true;
      cancel.call(host, frame);
      clearTimeout(backstop);
    };
  };
}

function timeout(callback: () => void, ms: number): () => void {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
}
