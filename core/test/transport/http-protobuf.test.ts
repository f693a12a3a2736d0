// HttpAgent with protobuf on, against a real server encoding with @ag-ui/encoder.
import { describe, expect, it } from "vitest";
import { EventEncoder } from "@ag-ui/encoder";
import { AGUI_MEDIA_TYPE } from "@ag-ui/proto";
import type { BaseEvent } from "@ag-ui/core";
import { HttpAgent } from "../../src/index.js";
import {
  AGUI_PROTO_MEDIA_TYPE,
  EventTooLargeError,
  ProtobufFrameError,
  StreamTruncatedError,
} from "../../src/transport/index.js";
import { begin, drip, serverPerTest, write, type Handler } from "../support/agui-server.js";
import { sleep } from "../support/wait.js";
import { collect, input, rejection, runEvents, streamRun } from "./support.js";

const servers = serverPerTest();

const binary = new EventEncoder({ accept: AGUI_MEDIA_TYPE });
const frames = (events: BaseEvent[]): Buffer => Buffer.concat(events.map((event) => binary.encodeProtobuf(event)));

/** A raw frame: big-endian length prefix, then the given bytes. */
function frame(bytes: number[], declared = bytes.length): Buffer {
  const out = Buffer.alloc(4 + bytes.length);
  out.writeUInt32BE(declared, 0);
  Buffer.from(bytes).copy(out, 4);
  return out;
}

async function serve(handler: Handler): Promise<HttpAgent> {
  return new HttpAgent({ url: (await servers.start(handler)).url, protobuf: true });
}

describe("HttpAgent over AG-UI protobuf", () => {
  it("advertises protobuf and decodes a protobuf response, frame per write", async () => {
    expect(AGUI_PROTO_MEDIA_TYPE).toBe(AGUI_MEDIA_TYPE);
    const agent = await serve(streamRun);
    const { sink, events } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(servers.current.requests[0]?.headers.accept).toBe(`${AGUI_MEDIA_TYPE}, text/event-stream`);
    expect(events).toEqual(runEvents());
  });

  it("decodes frames dripped one byte per write (length prefixes and bodies split everywhere)", async () => {
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await drip(res, frames(runEvents(["a", "😀 multi-byte", "c"])), 0);
      res.end();
    });
    const { sink, events } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents(["a", "😀 multi-byte", "c"]));
  });

  it("decodes many frames in one chunk synchronously, and tolerates content-type parameters", async () => {
    const agent = await serve(async (_req, res) => {
      res.writeHead(200, { "Content-Type": `${AGUI_MEDIA_TYPE}; charset=binary` });
      res.end(frames(runEvents()));
    });
    let microtaskRan = false;
    const atLast: boolean[] = [];
    const { sink, events } = collect((_event, index) => {
      if (index === 0) queueMicrotask(() => (microtaskRan = true));
      if (index === runEvents().length - 1) atLast.push(microtaskRan);
    });
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
    expect(atLast).toEqual([false]);
  });

  it("reports a body that ends inside a frame as a truncated stream", async () => {
    const whole = frames(runEvents().slice(0, 2));
    const firstLength = binary.encodeProtobuf(runEvents()[0]!).length;
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await write(res, whole.subarray(0, firstLength + 6));
      res.end();
    });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(StreamTruncatedError);
    expect(error).toMatchObject({ reason: "incomplete-frame", eventsDelivered: 1 });
    expect((error as Error).message).toContain(`frame #1 (at body offset ${firstLength})`);
    expect(events).toEqual([runEvents()[0]]);
  });

  it("rejects an undecodable frame with ProtobufFrameError naming its index and offset", async () => {
    const first = binary.encodeProtobuf(runEvents()[0]!);
    const agent = await serve(async (req, res, seen) => {
      begin(req, res);
      await write(res, Buffer.concat([first, frame([1, 2, 3, 4, 5]), frames(runEvents().slice(1))]));
      await seen.closed;
    });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(ProtobufFrameError);
    expect(error).toMatchObject({
      code: "PROTOBUF_FRAME_INVALID",
      frameIndex: 1,
      byteOffset: first.length,
      frameLength: 5,
    });
    expect(events).toEqual([runEvents()[0]]);
    await expect(servers.current.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("refuses a frame that declares more than maxEventSize bytes before buffering it", async () => {
    const server = await servers.start(async (req, res, seen) => {
      begin(req, res);
      await write(res, Buffer.concat([frames([runEvents()[0]!]), frame([0, 0, 0], 500_000_000)]));
      await seen.closed;
    });
    const agent = new HttpAgent({ url: server.url, protobuf: true, maxEventSize: 1_000_000 });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(EventTooLargeError);
    expect(error).toMatchObject({ encoding: "protobuf", limit: 1_000_000 });
    expect((error as Error).message).toContain("declares 500000000 bytes");
    expect(events).toEqual([runEvents()[0]]);
  });

  it("drops a frame of an event type from a later protocol with a warning, and carries on", async () => {
    // Envelope field 99 (length-delimited, empty): an event arm this build does not know.
    const future = frame([0x9a, 0x06, 0x00]);
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await write(res, Buffer.concat([frames(runEvents().slice(0, 2)), future, frames(runEvents().slice(2))]));
      res.end();
    });
    const { sink, events, warnings } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
    expect(warnings).toEqual(["PROTOBUF_UNKNOWN_EVENT"]);
  });

  it("aborting a protobuf stream resolves 'aborted' and closes the connection", async () => {
    const agent = await serve(async (req, res, seen) => {
      const encoder = begin(req, res);
      let open = true;
      void seen.closed.then(() => (open = false));
      for (let i = 0; open && i < 1000; i++) {
        await write(res, encoder.encodeBinary({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: String(i) } as BaseEvent));
        await sleep(3);
      }
      res.end();
    });
    const { sink, events, controller } = collect((_event, index) => {
      if (index === 2) controller.abort();
    });
    await expect(agent.run(input, sink)).resolves.toBe("aborted");
    expect(events).toHaveLength(3);
    await expect(servers.current.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("without the protobuf option asks for SSE only, and a server then answers SSE", async () => {
    const server = await servers.start(async (req, res) => {
      const encoder = begin(req, res);
      res.end(encoder.encodeBinary(runEvents()[0]!));
    });
    const { sink, events } = collect();
    await expect(new HttpAgent({ url: server.url }).run(input, sink)).resolves.toBe("completed");
    expect(server.requests[0]?.headers.accept).toBe("text/event-stream");
    expect(events).toEqual([runEvents()[0]]);
  });
});
