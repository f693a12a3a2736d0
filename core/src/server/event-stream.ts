import { formatEventId } from "./event-id.js";
import type { LoggedEvent, RunStore } from "./run-store.js";

export interface EventStreamOptions {
  readonly store: RunStore;
  readonly runId: string;
  /** The seq the client has: the stream starts after it. */
  readonly after: number;
  /** The request's signal: its client went away. */
  readonly signal: AbortSignal | undefined;
  readonly heartbeatMs: number;
  /** Bytes queued for the client before the log is no longer read for it. */
  readonly bufferBytes: number;
  /** Closes a stream whose client has read nothing for this long while its queue was full. */
  readonly stallMs: number;
  /** A follow that broke (the store went away): the stream ends abruptly, the details go here. */
  readonly onError: (error: unknown) => void;
  /** Called once when the stream is over, however it ended. */
  readonly release: () => void;
}

const encoder = new TextEncoder();

/**
 * A run's events from the log as an SSE body (`id: <runId>:<seq>`) that pulls from the log only
 * as its client reads: the queue holds at most `bufferBytes` (plus the one batch being added), a
 * client that stops reading is cut off after `stallMs`, and a quiet run sends a comment every
 * `heartbeatMs` so proxies keep the connection.
 */
export function eventStream(options: EventStreamOptions): ReadableStream<Uint8Array> {
  const { store, runId, after, signal, heartbeatMs, stallMs } = options;
  const follow = new AbortController();
  let batches: AsyncIterator<readonly LoggedEvent[]> | undefined;
  let lastWrite = Date.now();
  let beat: ReturnType<typeof setInterval> | undefined;
  let stall: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  const finish = (): void => {
    if (over) return;
    over = true;
    clearInterval(beat);
    clearTimeout(stall);
    signal?.removeEventListener("abort", finish);
    follow.abort();
    void batches?.return?.().catch(() => undefined);
    options.release();
  };
  if (signal?.aborted) finish();
  else signal?.addEventListener("abort", finish, { once: true });
  // A queue that stays full means the client is not reading: the stall clock runs until it pulls.
  const watchQueue = (out: ReadableStreamDefaultController<Uint8Array>): void => {
    if ((out.desiredSize ?? 1) > 0 || stall !== undefined) return;
    stall = setTimeout(() => {
      finish();
      out.error(new Error(`The client read nothing for ${stallMs} ms.`));
    }, stallMs);
    unref(stall);
  };

  return new ReadableStream<Uint8Array>(
    {
      start: (out) => {
        if (over) {
          out.close();
          return;
        }
        // A short first write. A compression layer that decides by the size of the first write
        // (vite preview's, for one: gzip from 1 KB on, heedless of no-transform) would otherwise
        // gzip a stream that starts with a replayed log or a long run input, and hold its events
        // until the run ends.
        out.enqueue(encoder.encode(":\n\n")); // an SSE comment, which every client skips
        beat = setInterval(() => {
          if (over || Date.now() - lastWrite < heartbeatMs) return;
          lastWrite = Date.now();
          out.enqueue(encoder.encode(": keepalive\n\n"));
          watchQueue(out);
        }, heartbeatMs);
        unref(beat);
      },
      pull: async (out) => {
        clearTimeout(stall);
        stall = undefined;
        if (over) return;
        try {
          batches ??= store.follow(runId, after, follow.signal)[Symbol.asyncIterator]();
          const next = await batches.next();
          if (over) return;
          if (next.done) {
            finish();
            out.close();
            return;
          }
          let text = "";
          for (const event of next.value) text += `id: ${formatEventId(runId, event.seq)}\ndata: ${event.data}\n\n`;
          out.enqueue(encoder.encode(text));
          lastWrite = Date.now();
          watchQueue(out);
        } catch (error) {
          if (over) return;
          // The body ends abruptly: the client sees a dropped connection and resumes, or is told
          // why by its next request.
          finish();
          options.onError(error);
          out.error(error);
        }
      },
      cancel: finish,
    },
    { highWaterMark: options.bufferBytes, size: (chunk) => chunk.byteLength },
  );
}

function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
