import { DEV } from "esm-env";
import type { ProtobufFaults } from "./protobuf-faults.js";
import type { EventSink } from "./source.js";
import type { StreamDecoder } from "./stream-decoder.js";

export type ProtoModule = typeof import("@ag-ui/proto");

let protoModule: Promise<ProtoModule> | undefined;

/** `@ag-ui/proto` is large; it is loaded on the first protobuf response, not with the library. */
export function loadProto(): Promise<ProtoModule> {
  protoModule ??= import("@ag-ui/proto").catch((error: unknown) => {
    protoModule = undefined;
    throw error;
  });
  return protoModule;
}

const EMPTY = new Uint8Array(0);

/**
 * `application/vnd.ag-ui.event+proto` → events. The body is a sequence of frames, each a 4-byte
 * big-endian length and then that many bytes of one protobuf `Event` (the framing
 * `@ag-ui/encoder` writes). Frames may be split across chunks at any byte: a frame wholly inside
 * a chunk is decoded in place; only a split one is copied, once, into a buffer of its exact size.
 */
export class ProtobufDecoder implements StreamDecoder {
  eventsDelivered = 0;
  #frames = 0;
  /** Body bytes in the chunks before the current one. */
  #bodyOffset = 0;
  /** Body offset of the current frame's length prefix. */
  #frameStart = 0;
  readonly #prefix = new Uint8Array(4);
  #prefixFilled = 0;
  /** The frame being assembled across chunks, or null between frames. */
  #partial: Uint8Array | null = null;
  #partialFilled = 0;

  readonly #proto: ProtoModule;
  readonly #sink: EventSink;
  readonly #maxFrameSize: number;
  readonly #faults: ProtobufFaults;
  /** `faults`: `protobufFaults`, passed in so that this lazy chunk imports nothing of the entry's. */
  constructor(proto: ProtoModule, sink: EventSink, maxFrameSize: number, faults: ProtobufFaults) {
    this.#proto = proto;
    this.#sink = sink;
    this.#maxFrameSize = maxFrameSize;
    this.#faults = faults;
  }

  push(bytes: Uint8Array): void {
    const n = bytes.length;
    let i = 0;
    while (i < n) {
      if (this.#sink.signal.aborted) return;
      const partial = this.#partial;
      if (partial !== null) {
        const take = Math.min(partial.length - this.#partialFilled, n - i);
        partial.set(bytes.subarray(i, i + take), this.#partialFilled);
        this.#partialFilled += take;
        i += take;
        if (this.#partialFilled === partial.length) {
          this.#partial = null;
          this.#decode(partial);
        }
      } else if (this.#prefixFilled === 0 && n - i >= 4) {
        this.#frameStart = this.#bodyOffset + i;
        const length = this.#checkLength(readUint32(bytes, i));
        i += 4;
        if (n - i >= length) {
          this.#decode(bytes.subarray(i, i + length));
          i += length;
        } else {
          this.#startPartial(length);
        }
      } else {
        if (this.#prefixFilled === 0) this.#frameStart = this.#bodyOffset + i;
        this.#prefix[this.#prefixFilled++] = bytes[i++]!;
        if (this.#prefixFilled === 4) {
          this.#prefixFilled = 0;
          const length = this.#checkLength(readUint32(this.#prefix, 0));
          if (length === 0) this.#decode(EMPTY);
          else this.#startPartial(length);
        }
      }
    }
    this.#bodyOffset += n;
  }

  end(): void {
    const partial = this.#partial;
    if (partial === null && this.#prefixFilled === 0) return;
    throw new this.#faults.StreamTruncatedError(
      "incomplete-frame",
      this.eventsDelivered,
      DEV
        ? `the body ended inside frame #${this.#frames} (at body offset ${this.#frameStart}), after ` +
            (partial === null ? `${this.#prefixFilled} of the 4 length bytes` : `${this.#partialFilled} of its ${partial.length} bytes`)
        : "",
    );
  }

  #startPartial(length: number): void {
    this.#partial = new Uint8Array(length);
    this.#partialFilled = 0;
  }

  #checkLength(length: number): number {
    if (length > this.#maxFrameSize) {
      throw new this.#faults.EventTooLargeError(
        "protobuf",
        this.#maxFrameSize,
        DEV ? `frame #${this.#frames} at body offset ${this.#frameStart} declares ${length} bytes` : "",
      );
    }
    return length;
  }

  #decode(frame: Uint8Array): void {
    if (this.#sink.signal.aborted) return;
    const index = this.#frames++;
    let event: unknown;
    try {
      event = this.#proto.decode(frame);
    } catch (cause) {
      // An event type from a later protocol version: dropped, as the SSE path's pipeline would.
      if (cause instanceof this.#proto.AGUIUnknownEventTypeError) {
        (this.#sink.onWarning ?? this.#faults.warnToConsole)({
          code: "PROTOBUF_UNKNOWN_EVENT",
          message: DEV ? `Protobuf frame #${index} carries an event type this decoder does not know; dropped` : "",
          index,
        });
        return;
      }
      throw new this.#faults.ProtobufFrameError(index, this.#frameStart, frame.length, cause);
    }
    this.eventsDelivered++;
    this.#sink.onEvent(event);
  }
}

function readUint32(bytes: Uint8Array, at: number): number {
  return bytes[at]! * 0x1000000 + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
}
