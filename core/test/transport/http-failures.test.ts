// HttpAgent against a real server: error statuses, dropped connections, abort, throwing sinks,
// request headers and options.
import { describe, expect, it } from "vitest";
import { HttpAgent, ThreadlineError, TransportError } from "../../src/index.js";
import {
  HttpError,
  RequestFailedError,
  StreamTruncatedError,
  UnexpectedContentTypeError,
} from "../../src/transport/index.js";
import { begin, serverPerTest, sseText, startServer, write, type TestServer } from "../support/agui-server.js";
import { sleep } from "../support/wait.js";
import { collect, input, rejection, runEvents, streamUntilClientLeaves } from "./support.js";

const servers = serverPerTest();

/** A server that streams TEXT_MESSAGE_CONTENT events every few ms until the client goes away. */
const endlessServer = (): Promise<TestServer> => servers.start(streamUntilClientLeaves);

describe("HttpAgent failures", () => {
  it("turns a 500 with a JSON body into HttpError with status, excerpt and url", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "model overloaded", retryAfter: 30 }));
    });
    const { sink, events } = collect();
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, sink));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toBeInstanceOf(ThreadlineError);
    expect(error).toMatchObject({
      code: "HTTP_STATUS",
      status: 500,
      statusText: "Internal Server Error",
      url: server.url,
      bodyExcerpt: '{"error":"model overloaded","retryAfter":30}',
    });
    expect((error as Error).message).toContain("HTTP 500");
    expect((error as Error).message).toContain("model overloaded");
    expect(events).toEqual([]);
  });

  it("reads only the start of a huge error body and cuts the excerpt", async () => {
    const server = await servers.start(async (_req, res, seen) => {
      res.writeHead(404, { "Content-Type": "text/html" });
      for (let i = 0; i < 200; i++) await write(res, `<p>${"not found ".repeat(100)}</p>\r\n`);
      await seen.closed;
    });
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, collect().sink));
    expect(error).toMatchObject({ status: 404 });
    const excerpt = (error as HttpError).bodyExcerpt;
    expect(excerpt.startsWith("<p>not found")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt.length).toBeLessThan(260);
    expect(excerpt).not.toContain("\r"); // control characters are escaped, not copied raw
    // The message an app shows names the page, not its markup; the body stays on the error.
    expect((error as Error).message).toBe(`HTTP 404 Not Found from ${server.url}: an HTML page`);
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("reports a server that dies mid-stream as StreamTruncatedError, keeping the events before", async () => {
    const server = await servers.start(async (req, res) => {
      const encoder = begin(req, res);
      await write(res, encoder.encodeSSE(runEvents()[0]!));
      await sleep(5);
      await write(res, encoder.encodeSSE(runEvents()[1]!) + 'data: {"type":"TEXT_MESSAGE_CONT');
      await sleep(5);
      res.socket?.destroy();
    });
    const { sink, events } = collect();
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, sink));
    expect(error).toBeInstanceOf(StreamTruncatedError);
    expect(error).toMatchObject({ code: "STREAM_TRUNCATED", reason: "connection-lost", eventsDelivered: 2 });
    expect(events).toEqual(runEvents().slice(0, 2));
  });

  it("aborting mid-stream resolves 'aborted', delivers nothing more and closes the connection", async () => {
    const server = await endlessServer();
    const { sink, events, controller } = collect((_event, index) => {
      if (index === 4) controller.abort();
    });
    await expect(new HttpAgent({ url: server.url }).run(input, sink)).resolves.toBe("aborted");
    expect(events).toHaveLength(5);
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("aborting while waiting for the next chunk resolves 'aborted' and closes the connection", async () => {
    const server = await endlessServer();
    const { sink, events, controller } = collect();
    const run = new HttpAgent({ url: server.url }).run(input, sink);
    while (events.length < 3) await sleep(2);
    controller.abort();
    await expect(run).resolves.toBe("aborted");
    const delivered = events.length;
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    await sleep(20);
    expect(events.length).toBe(delivered);
  });

  it("aborting before the server answers resolves 'aborted' and closes the connection", async () => {
    const server = await servers.start(async (_req, _res, seen) => {
      await seen.closed; // never answers
    });
    const { sink, controller } = collect();
    const run = new HttpAgent({ url: server.url }).run(input, sink);
    while (server.requests.length === 0) await sleep(2);
    controller.abort();
    await expect(run).resolves.toBe("aborted");
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
  });

  it("sends nothing when the signal is already aborted", async () => {
    const server = await endlessServer();
    const { sink, controller } = collect();
    controller.abort();
    await expect(new HttpAgent({ url: server.url }).run(input, sink)).resolves.toBe("aborted");
    await sleep(20);
    expect(server.requests).toHaveLength(0);
  });

  it("a throwing onEvent rejects the run with that same error and releases the connection", async () => {
    const server = await endlessServer();
    const violation = new Error("protocol violation at event 3");
    const { sink, events } = collect((_event, index) => {
      if (index === 3) throw violation;
    });
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, sink));
    expect(error).toBe(violation);
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    await sleep(20);
    expect(events).toHaveLength(4);
  });

  it("wraps a refused connection in RequestFailedError", async () => {
    const closedServer = await startServer(() => undefined);
    const url = closedServer.url;
    await closedServer.close();
    const error = await rejection(new HttpAgent({ url }).run(input, collect().sink));
    expect(error).toBeInstanceOf(RequestFailedError);
    expect(error).toMatchObject({ code: "REQUEST_FAILED", url });
    expect((error as Error).cause).toBeDefined();
  });

  it("rejects a 200 response that is not an event stream with UnexpectedContentTypeError", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<html><body>Please log in</body></html>");
    });
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, collect().sink));
    expect(error).toBeInstanceOf(UnexpectedContentTypeError);
    expect(error).toMatchObject({
      code: "UNEXPECTED_CONTENT_TYPE",
      contentType: "text/html; charset=utf-8",
      bodyExcerpt: "<html><body>Please log in</body></html>",
    });
    expect((error as Error).message).toContain('"text/html; charset=utf-8", not an event stream');
    expect((error as Error).message).not.toContain("<");
  });

  it("accepts text/event-stream with parameters", async () => {
    const server = await servers.start(async (_req, res) => {
      res.writeHead(200, { "Content-Type": "Text/Event-Stream; charset=UTF-8" });
      res.end(sseText(runEvents()));
    });
    const { sink, events } = collect();
    await expect(new HttpAgent({ url: server.url }).run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
  });
});

describe("HttpAgent requests", () => {
  const quickServer = (): Promise<TestServer> =>
    servers.start(async (req, res) => {
      const encoder = begin(req, res);
      res.end(encoder.encodeSSE(runEvents()[0]!));
    });

  it("calls a headers function once per request and sends its fresh values", async () => {
    const server = await quickServer();
    let calls = 0;
    const agent = new HttpAgent({
      url: server.url,
      headers: () => ({ Authorization: `Bearer token-${++calls}`, "X-Tenant": "acme" }),
    });
    await agent.run(input, collect().sink);
    await agent.run(input, collect().sink);
    expect(calls).toBe(2);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(server.requests.map((r) => r.headers["x-tenant"])).toEqual(["acme", "acme"]);
  });

  it("awaits an async headers function; its own Content-Type/Accept cannot replace ours", async () => {
    const server = await quickServer();
    const agent = new HttpAgent({
      url: server.url,
      headers: async () => {
        await sleep(5);
        return { authorization: "Bearer async", accept: "application/json", "content-type": "text/plain" };
      },
    });
    await expect(agent.run(input, collect().sink)).resolves.toBe("completed");
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe("Bearer async");
    expect(request?.headers.accept).toBe("text/event-stream");
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("sends static headers, and rejects with the headers function's own error without a request", async () => {
    const server = await quickServer();
    await new HttpAgent({ url: server.url, headers: { "X-Api-Key": "k1" } }).run(input, collect().sink);
    expect(server.requests[0]?.headers["x-api-key"]).toBe("k1");

    const refused = new Error("token refresh failed");
    const failing = new HttpAgent({ url: server.url, headers: () => Promise.reject(refused) });
    await expect(rejection(failing.run(input, collect().sink))).resolves.toBe(refused);
    expect(server.requests).toHaveLength(1);
  });

  it("uses the given fetch and passes credentials through", async () => {
    const server = await quickServer();
    const seen: RequestInit[] = [];
    const agent = new HttpAgent({
      url: server.url,
      credentials: "include",
      fetch: (url, init) => {
        seen.push(init ?? {});
        return fetch(url, init);
      },
    });
    await expect(agent.run(input, collect().sink)).resolves.toBe("completed");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.credentials).toBe("include");
    expect(seen[0]?.method).toBe("POST");
  });

  it("has connect only when connectUrl is given, and connect POSTs there", async () => {
    const server = await quickServer();
    expect(new HttpAgent({ url: server.url }).connect).toBeUndefined();
    const agent = new HttpAgent({ url: server.url, connectUrl: `${server.url}/connect` });
    const { sink, events } = collect();
    await expect(agent.connect!(input, sink)).resolves.toBe("completed");
    expect(server.requests[0]?.url).toBe("/agent/connect");
    expect(events).toEqual([runEvents()[0]]);
  });
});
