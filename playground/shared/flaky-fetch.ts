// The "flaky network" switch: while it is on, every event stream the chat's agent reads is cut
// after a random 300–3,000 bytes — inside an event, or inside a multi-byte character, as a dropped
// connection cuts it. The client sees the connection drop, shows `reconnecting`, and resumes
// after the last event id it had (the resumable handler serves the rest); off, fetch is untouched.

/** Counted for the page: how many streams the switch has cut. */
export const flakyCuts = { count: 0 };

export function flakyFetch(isOn: () => boolean, random: () => number = Math.random): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const sse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (!isOn() || !sse || response.body === null) return response;
    const after = 300 + Math.floor(random() * 2700);
    return new Response(cutAfter(response.body, after), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The body's first `bytes` bytes, then a network error (the rest is never read). */
function cutAfter(body: ReadableStream<Uint8Array>, bytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let left = bytes;
  let cut = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // The error comes on the read after the last bytes: an error discards chunks still queued.
        if (cut) {
          flakyCuts.count++;
          controller.error(new TypeError("network error: the flaky network switch dropped the connection"));
          return;
        }
        const { done, value } = await reader.read();
        if (done) return controller.close();
        if (value.byteLength < left) {
          left -= value.byteLength;
          controller.enqueue(value);
          return;
        }
        cut = true;
        void reader.cancel().catch(() => undefined);
        controller.enqueue(value.subarray(0, left));
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Pulled only when the reader asks, so the cut bytes are handed over before the error.
    { highWaterMark: 0 },
  );
}
