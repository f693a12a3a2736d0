// HttpAgent against a real node:http server speaking SSE: framing variants and bad payloads.
import { describe, expect, it } from "vitest";
import { HttpAgent } from "../../src/index.js";
import { EventTooLargeError, SseDataError, StreamTruncatedError } from "../../src/transport/index.js";
import { begin, drip, serverPerTest, sseText, write, type Handler } from "../support/agui-server.js";
import { sleep } from "../support/wait.js";
import { collect, input, rejection, runEvents, streamRun } from "./support.js";

const servers = serverPerTest();

async function serve(handler: Handler): Promise<HttpAgent> {
  return new HttpAgent({ url: (await servers.start(handler)).url });
}

/** A fetch that records the size of every body chunk the client reads. */
function countingFetch(): { fetch: typeof fetch; chunks: number[] } {
  const chunks: number[] = [];
  const counting: typeof fetch = async (url, init) => {
    const response = await fetch(url, init);
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        chunks.push(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body?.pipeThrough(counter) ?? null, response);
  };
  return { fetch: counting, chunks };
}

describe("HttpAgent over SSE", () => {
  it("POSTs the input as JSON and delivers every event of a well-formed stream in order", async () => {
    const agent = await serve(streamRun);
    const { sink, events } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());

    const [request] = servers.current.requests;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(request!.body)).toEqual(input);
  });

  it("decodes a stream dripped one byte per write, multi-byte characters split across chunks", async () => {
    const text = sseText(runEvents(["ö", "😀", "日本語", " 🧵 end"]));
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await drip(res, text);
      res.end();
    });
    const { fetch: counting, chunks } = countingFetch();
    const dripping = new HttpAgent({ url: agent.url, fetch: counting });
    const { sink, events } = collect();
    await expect(dripping.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents(["ö", "😀", "日本語", " 🧵 end"]));
    // The client really read many small chunks, not one coalesced body.
    expect(chunks.length).toBeGreaterThan(20);
  });

  it.each([
    ["CRLF line endings, including a CR and its LF arriving in different chunks", "\r\n"],
    ["CR-only line endings, the final CR pair arriving as the last bytes", "\r"],
  ])("accepts %s", async (_case, eol) => {
    const text = sseText(runEvents(), eol);
    const agent = await serve(async (req, res) => {
      begin(req, res);
      for (const piece of text.split(/(?<=\r)/)) {
        await write(res, piece);
        await sleep(1);
      }
      res.end();
    });
    const { sink, events } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
  });

  it("tolerates keep-alive comments and ignores event:, id: and retry: lines; joins multi-line data", async () => {
    const [started, start, , , , end, finished] = runEvents();
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await write(res, ": keep-alive\n\n");
      await write(res, `retry: 3000\nevent: agui\nid: 1\ndata: ${JSON.stringify(started)}\n\n`);
      await write(res, ":\n: ping\n\n");
      await write(res, `id: 2\nretry: soon\ndata: ${JSON.stringify(start)}\n\n`);
      // One JSON event spread over three data: lines (joined with "\n", which JSON allows).
      await write(res, 'event: message\ndata: {"type":\ndata: "TEXT_MESSAGE_CONTENT",\ndata: "messageId": "m1", "delta": "x"}\n\n');
      await write(res, `: still here\ndata: ${JSON.stringify(end)}\n\ndata: ${JSON.stringify(finished)}\n\n`);
      res.end();
    });
    const { sink, events, warnings } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual([
      started,
      start,
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "x" },
      end,
      finished,
    ]);
    expect(warnings).toEqual([]);
  });

  it("delivers all events of one network chunk synchronously, with no promise in between", async () => {
    const agent = await serve(async (req, res) => {
      const encoder = begin(req, res);
      await write(res, runEvents().map((event) => encoder.encodeSSE(event)).join(""));
      res.end();
    });
    let microtaskRan = false;
    const seenAtLast: boolean[] = [];
    const { sink } = collect((_event, index) => {
      if (index === 0) queueMicrotask(() => (microtaskRan = true));
      if (index === runEvents().length - 1) seenAtLast.push(microtaskRan);
    });
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(seenAtLast).toEqual([false]);
  });

  it("rejects a data payload that is not JSON with SseDataError, keeps what came before, drops the connection", async () => {
    const agent = await serve(async (req, res, seen) => {
      const encoder = begin(req, res);
      await write(res, encoder.encodeSSE(runEvents()[0]!) + encoder.encodeSSE(runEvents()[1]!));
      await write(res, "data: <html>oops, not json\n\n");
      await write(res, encoder.encodeSSE(runEvents()[2]!));
      await seen.closed; // keep the stream open: only the client can end it
    });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(SseDataError);
    expect(error).toMatchObject({ code: "SSE_INVALID_JSON", eventIndex: 2, dataExcerpt: "<html>oops, not json" });
    expect((error as Error).message).toContain("<html>oops, not json");
    expect(events).toEqual(runEvents().slice(0, 2));
    await expect(servers.current.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("reports a last event that lacks its blank line as truncated, without delivering it", async () => {
    const [first, second] = runEvents();
    for (const tail of [`data: ${JSON.stringify(second)}`, `data: ${JSON.stringify(second)}\n`, `data: ${JSON.stringify(second)}\r\n`]) {
      const agent = await serve(async (req, res) => {
        begin(req, res);
        await write(res, `data: ${JSON.stringify(first)}\n\n${tail}`);
        res.end();
      });
      const { sink, events } = collect();
      const error = await rejection(agent.run(input, sink));
      expect(error).toMatchObject({ code: "STREAM_TRUNCATED", reason: "incomplete-event", eventsDelivered: 1 });
      expect(events).toEqual([first]);
    }
  });

  it("accepts a last event whose blank line is a final CR, and a trailing comment without one", async () => {
    const [first, second] = runEvents();
    for (const tail of [`data: ${JSON.stringify(second)}\r\r`, `data: ${JSON.stringify(second)}\n\n: ping`]) {
      const agent = await serve(async (req, res) => {
        begin(req, res);
        await write(res, `data: ${JSON.stringify(first)}\n\n${tail}`);
        res.end();
      });
      const { sink, events } = collect();
      await expect(agent.run(input, sink)).resolves.toBe("completed");
      expect(events).toEqual([first, second]);
    }
  });

  it("reports a body that ends cleanly in the middle of an event as a truncated stream", async () => {
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await write(res, `data: ${JSON.stringify(runEvents()[0])}\n\ndata: {"type":"TEXT_MESS`);
      res.end();
    });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(StreamTruncatedError);
    expect(error).toMatchObject({ code: "STREAM_TRUNCATED", reason: "incomplete-event", eventsDelivered: 1 });
    expect(events).toEqual([runEvents()[0]]);
  });

  it("skips empty data payloads and warns once about lines with unknown fields", async () => {
    const [first, second] = runEvents();
    const agent = await serve(async (req, res) => {
      begin(req, res);
      await write(res, `data:\n\n${JSON.stringify(first)}\n\n${JSON.stringify(first)}\n\ndata: ${JSON.stringify(second)}\n\n`);
      res.end();
    });
    const { sink, events, warnings } = collect();
    await expect(agent.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual([second]);
    expect(warnings).toEqual(["SSE_UNKNOWN_FIELD"]);
  });

  it("stops an event that grows past maxEventSize with EventTooLargeError", async () => {
    const server = await servers.start(async (req, res, seen) => {
      begin(req, res);
      await write(res, `data: ${JSON.stringify(runEvents()[0])}\n\n`);
      for (let i = 0; i < 20; i++) await write(res, `data: "${"x".repeat(500)}\n`);
      await seen.closed;
    });
    const agent = new HttpAgent({ url: server.url, maxEventSize: 4000 });
    const { sink, events } = collect();
    const error = await rejection(agent.run(input, sink));
    expect(error).toBeInstanceOf(EventTooLargeError);
    expect(error).toMatchObject({ code: "EVENT_TOO_LARGE", encoding: "sse", limit: 4000 });
    expect(events).toEqual([runEvents()[0]]);
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
  });
});
