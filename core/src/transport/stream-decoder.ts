/**
 * Turns a response body's bytes into events for a sink. `push` decodes one network chunk and
 * delivers every complete event in it synchronously; whatever is left waits for the next chunk.
 * Errors (bad payloads, a throwing sink) propagate out of `push`/`end` unchanged.
 */
export interface StreamDecoder {
  push(bytes: Uint8Array): void;
  /** The body ended cleanly: deliver what is still pending, or throw if it is incomplete. */
  end(): void;
  /** Events handed to the sink so far (for error reports). */
  readonly eventsDelivered: number;
}

/** Default limit on one event: an SSE event being buffered (characters) or a protobuf frame (bytes). */
export const DEFAULT_MAX_EVENT_SIZE = 16 * 1024 * 1024;
