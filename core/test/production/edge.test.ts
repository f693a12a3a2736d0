// pipeline/, transport/, persist/, devtools/ and markdown/ in a production build (esm-env's DEV
// false): the same calls fail with the same class, code and fields, and warnings keep their code,
// index and event. Where a check hands on a "problem" string, it must stay non-empty here.
import { describe, expect, it, vi } from "vitest";
import type { ThreadlineWarning } from "../../src/errors.js";

vi.mock("esm-env", () => ({ DEV: false, BROWSER: false, NODE: true }));

const { HttpAgent, legacyProtocol } = await import("../../src/index.js");
const { productionMessage } = await import("../../src/errors.js");
const { createPipeline, PipelineError, ProtocolError } = await import("../../src/pipeline/index.js");
const { legacyOptionProblem, PEER_VERSION_MOVED } = await import("../../src/pipeline/legacy.js");
const { HttpError, SseDataError, LazyLoadError, StreamTruncatedError } = await import("../../src/transport/index.js");
const { decodeStoredThread, STORED_THREAD_VERSION } = await import("../../src/persist/index.js");
const { scheduleTickFor } = await import("../../src/persist/save-ticker.js");
const { PersistOptionError } = await import("../../src/persist/errors.js");
const { parseFixture } = await import("../../src/devtools/fixture.js");
const { resolveOptions } = await import("../../src/markdown/options.js");
const { serverPerTest, sseText } = await import("../support/agui-server.js");
const { collect, input, rejection } = await import("../transport/support.js");

const servers = serverPerTest();
const thrown = (call: () => unknown): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
};

describe("pipeline/ in a production build", () => {
  it("legacyOptionProblem still flags a problem, with the option at fault", () => {
    expect(legacyOptionProblem({})).toBeUndefined();
    expect(legacyOptionProblem({ legacy: legacyProtocol() })).toBeUndefined();
    expect(legacyOptionProblem({ legacy: true })).toBe("legacy");
    expect(legacyOptionProblem({ peerProtocolVersion: "0.0.30" })).toBe("peerProtocolVersion");
    expect(legacyOptionProblem({ peerProtocolVersion: "0.0.30" })).toBe(PEER_VERSION_MOVED);
  });

  it("createPipeline refuses bad options with the same code, naming the option", () => {
    const legacy = thrown(() => createPipeline(() => {}, { legacy: true as never }));
    expect(legacy).toBeInstanceOf(PipelineError);
    expect(legacy).toMatchObject({ code: "INVALID_PIPELINE_OPTION", message: productionMessage("INVALID_PIPELINE_OPTION", "legacy") });
    const moved = thrown(() => createPipeline(() => {}, { peerProtocolVersion: "0.0.30" } as never));
    expect(moved).toMatchObject({ code: "INVALID_PIPELINE_OPTION", message: productionMessage("INVALID_PIPELINE_OPTION", "peerProtocolVersion") });
    expect(thrown(() => createPipeline(() => {}, { validation: "schema" }))).toMatchObject({ code: "SCHEMA_VALIDATION_UNAVAILABLE" });
  });

  it("a protocol violation throws the same ProtocolError, index and event kept; a push after end too", () => {
    const pipeline = createPipeline(() => {});
    pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r" });
    const bad = { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" };
    const error = thrown(() => pipeline.push(bad));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: "UNKNOWN_MESSAGE_ID", index: 1, event: bad });
    const ended = createPipeline(() => {});
    ended.push({ type: "RUN_STARTED", threadId: "t", runId: "r" });
    ended.push({ type: "RUN_FINISHED", threadId: "t", runId: "r" });
    ended.end();
    expect(thrown(() => ended.push({ type: "RUN_STARTED", threadId: "t", runId: "r2" }))).toMatchObject({ code: "PIPELINE_ENDED" });
    const empty = createPipeline(() => {});
    expect(thrown(() => empty.end())).toMatchObject({ code: "TRUNCATED_RUN", index: 0 });
  });

  it("warnings keep their code, index and event without the sentence", () => {
    const warnings: ThreadlineWarning[] = [];
    const pipeline = createPipeline(() => {}, { legacy: legacyProtocol(), onWarning: (w) => warnings.push(w) });
    pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r" });
    const thinking = { type: "THINKING_START", title: "plan" };
    pipeline.push(thinking);
    expect(warnings.map((w) => w.code)).toEqual(["LEGACY_THINKING_TRANSLATED", "LEGACY_THINKING_TITLE_DROPPED"]);
    expect(warnings[0]).toMatchObject({ index: 1, event: thinking });
    expect(warnings[1]).toMatchObject({ index: 1 });
  });
});

describe("transport/ in a production build", () => {
  it("an error status is the same HttpError, with its fields, and the url as where", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(503, { "Content-Type": "text/plain" });
      res.end("overloaded");
    });
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, collect().sink));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: "HTTP_STATUS", status: 503, url: server.url, bodyExcerpt: "overloaded", message: productionMessage("HTTP_STATUS", server.url) });
  });

  it("an SSE payload that is not JSON is the same SseDataError, index and excerpt kept", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(sseText([{ type: "RUN_STARTED", threadId: "t", runId: "r" }]) + "data: {oops\n\n");
    });
    const { sink, events } = collect();
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, sink));
    expect(error).toBeInstanceOf(SseDataError);
    expect(error).toMatchObject({ code: "SSE_INVALID_JSON", eventIndex: 1, dataExcerpt: "{oops", message: productionMessage("SSE_INVALID_JSON", "payload #1") });
    expect(events).toHaveLength(1);
  });

  it("a body that ends mid-event is the same StreamTruncatedError, its reason the where", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(`data: ${JSON.stringify({ type: "RUN_STARTED", threadId: "t", runId: "r" })}\n`);
    });
    const error = await rejection(new HttpAgent({ url: server.url }).run(input, collect().sink));
    expect(error).toBeInstanceOf(StreamTruncatedError);
    expect(error).toMatchObject({ code: "STREAM_TRUNCATED", reason: "incomplete-event", eventsDelivered: 0, message: productionMessage("STREAM_TRUNCATED", "incomplete-event") });
  });

  it("LazyLoadError names the part", () => {
    const cause = new TypeError("Failed to fetch");
    expect(new LazyLoadError("The chat engine", cause)).toMatchObject({ code: "LAZY_LOAD_FAILED", part: "The chat engine", cause, message: productionMessage("LAZY_LOAD_FAILED", "The chat engine") });
  });
});

describe("persist/, devtools/ and markdown/ in a production build", () => {
  const record = { version: STORED_THREAD_VERSION, threadId: "a", savedAt: 1, messages: [] as unknown[] };

  it("a corrupt stored thread is still corrupt, the reason naming the field", () => {
    expect(decodeStoredThread(record, "a")).toMatchObject({ kind: "record" });
    expect(decodeStoredThread({ ...record, messages: [{ id: 3 }] }, "a")).toEqual({ kind: "corrupt", reason: "messages[0]" });
    expect(decodeStoredThread({ ...record, threadId: "b" }, "a")).toEqual({ kind: "corrupt", reason: "threadId" });
    expect(decodeStoredThread({ nothing: true }, "a")).toEqual({ kind: "corrupt", reason: "version" });
    expect(decodeStoredThread({ version: STORED_THREAD_VERSION - 1 }, "a", () => ({ ...record, savedAt: "x" }) as never)).toEqual({ kind: "corrupt", reason: "savedAt" });
  });

  it("a bad persistence option is the same PersistOptionError, naming the option", () => {
    const error = thrown(() => scheduleTickFor(-1));
    expect(error).toBeInstanceOf(PersistOptionError);
    expect(error).toMatchObject({ code: "PERSIST_INVALID_OPTION", option: "coalesce", message: productionMessage("PERSIST_INVALID_OPTION", "coalesce") });
  });

  it("a bad fixture line is the same DevtoolsError, line and received kept", () => {
    const error = thrown(() => parseFixture('{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n{"no":"type"}'));
    expect(error).toMatchObject({ code: "FIXTURE_NOT_EVENTS", line: 2, received: { no: "type" }, message: productionMessage("FIXTURE_NOT_EVENTS", "line 2") });
    expect(thrown(() => parseFixture(""))).toMatchObject({ code: "FIXTURE_NOT_EVENTS" });
  });

  it("a bad markdown option is the same MarkdownError, naming the option", () => {
    const error = thrown(() => resolveOptions({ components: { table: () => {} } } as never));
    expect(error).toMatchObject({ code: "MARKDOWN_BAD_OPTION", message: productionMessage("MARKDOWN_BAD_OPTION", "components") });
  });
});
