// Defect: valid, deeply nested JSON overflowed the stack in Threadline's walks (a tool call ended
// "not valid JSON (Maximum call stack size exceeded)", a deep STATE_SNAPSHOT failed the run with
// INTERNAL_ERROR, createPipeline().push() threw a RangeError). The policy now: what arrives from
// outside may nest MAX_JSON_DEPTH (1,000) levels; deeper is refused with a typed error naming
// the limit, and a value at the limit goes everywhere a value goes (fold, request, storage).
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  ChatInputError,
  createThread,
  foldEvents,
  HttpAgent,
  localStorageAdapter,
  memoryStorage,
  ThreadlineError,
  type ChatClientOptions,
} from "../../src/index.js";
import { createPipeline, ProtocolError } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { JsonDepthError, MAX_JSON_DEPTH } from "../../src/json/index.js";
import { finished, serverPerTest, started, warnings, type Exchange } from "../run/support.js";
import { sseText } from "../support/agui-server.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

const servers = serverPerTest();

/** `{"a":{"a":…1…}}` nested `levels` objects deep, as JSON text (JSON.stringify itself overflows on deep values). */
const deepObjectText = (levels: number): string => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepArrayText = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;

function deepObject(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** Nesting depth of a parsed value, without recursion. */
function depthOf(value: unknown): number {
  let depth = 0;
  let node = value;
  while (node !== null && typeof node === "object") {
    depth++;
    node = Array.isArray(node) ? node[0] : Object.values(node)[0];
  }
  return depth;
}

function sse(res: Exchange["res"], text: string): void {
  res.writeHead(200, { "Content-Type": "text/event-stream" });
  res.end(text);
}

function chatOn(url: string, options: Partial<ChatClientOptions> = {}): ChatClient {
  return new ChatClient({ agent: new HttpAgent({ url }), presence: false, onError: () => undefined, ...options });
}

describe("deeply nested JSON from the agent", () => {
  it("a tool call with 10,000-deep valid arguments is refused as too deep, not as invalid JSON; the agent is told so", async () => {
    let executed = false;
    const server = await servers.startAgent(({ res, input, index }) => {
      if (index === 0) {
        sse(res, sseText([
          started(input),
          { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "nest" },
          { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: deepArrayText(10_000) },
          { type: "TOOL_CALL_END", toolCallId: "tc1" },
          finished(input),
        ]));
      } else sse(res, sseText([started(input), finished(input)]));
    });
    const chat = chatOn(server.url, { tools: [{ name: "nest", execute: () => void (executed = true) }] });
    const seen: unknown[] = [];
    chat.thread.onEvent((event) => {
      if (event.type === "TOOL_CALL_END") seen.push(chat.thread.toolCall("tc1")?.error.peek());
    });
    await chat.sendMessage("nest");
    expect(executed).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ code: "TOOL_ARGS_TOO_DEEP" });
    expect(chat.thread.toolCall("tc1")!.argsText.peek()).toHaveLength(20_000);
    const sent = JSON.parse(server.requests[1]!.body) as { messages: { role: string; error?: string }[] };
    const told = sent.messages.find((m) => m.role === "tool")?.error ?? "";
    expect(told).toContain(`more than ${MAX_JSON_DEPTH}`);
    expect(told).not.toContain("not valid JSON");
    expect(told).not.toContain("call stack");
    chat.dispose();
  });

  it("whole tool-call arguments are held to MAX_JSON_DEPTH exactly: 1,000 levels kept (frozen copy), 1,001 refused as too deep", () => {
    const call = (id: string, levels: number) => ({ id, type: "function" as const, function: { name: "nest", arguments: deepArrayText(levels) } });
    const thread = createThread({ messages: [{ id: "a1", role: "assistant", toolCalls: [call("at", MAX_JSON_DEPTH), call("over", MAX_JSON_DEPTH + 1)] }] });
    const kept = thread.toolCall("at")!;
    expect(kept.status.peek()).toBe("complete");
    expect(kept.error.peek()).toBeUndefined();
    expect(depthOf(kept.args.peek())).toBe(MAX_JSON_DEPTH);
    expect(Object.isFrozen(kept.args.peek())).toBe(true);
    const over = thread.toolCall("over")!;
    expect(over.status.peek()).toBe("failed");
    expect(over.args.peek()).toBeUndefined();
    expect(over.error.peek()).toMatchObject({ code: "TOOL_ARGS_TOO_DEEP", toolCallId: "over" });
    expect(over.argsText.peek()).toHaveLength(2 * (MAX_JSON_DEPTH + 1));
  });

  it("a 10,000-deep STATE_SNAPSHOT fails the run with EVENT_TOO_DEEP, keeps what came before, and the chat goes on", async () => {
    const server = await servers.startAgent(({ res, input, index }) => {
      if (index === 0) {
        sse(res,
          sseText([started(input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "before" }, { type: "TEXT_MESSAGE_END", messageId: "m1" }]) +
            `data: {"type":"STATE_SNAPSHOT","snapshot":${deepObjectText(10_000)}}\n\n` +
            sseText([finished(input)]),
        );
      } else sse(res, sseText([started(input), { type: "STATE_SNAPSHOT", snapshot: { ok: true } }, finished(input)]));
    });
    const adapter = memoryStorage();
    const chat = chatOn(server.url, { threadId: "t-deep", persistence: chatPersistence({ adapter, index: false }), onWarning: () => undefined });
    const result = await chat.sendMessage("go");
    expect(result.status).toBe("failed");
    const error = chat.error.peek();
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: "EVENT_TOO_DEEP", index: 4 });
    expect(error?.message).toContain(`more than ${MAX_JSON_DEPTH}`);
    expect(chat.thread.toMessages().map((m) => m.content)).toEqual(["go", "before"]);
    await chat.whenSaved();
    expect(chat.persistenceError.peek()).toBeNull();
    expect(await chat.sendMessage("again")).toEqual({ status: "idle" });
    expect(chat.state.peek()).toEqual({ ok: true });
    chat.dispose();
  });

  it("state at the limit folds, goes back to the agent, is stored and read back; a patch past the limit is refused", async () => {
    // The event is level 1, so its snapshot may hold MAX_JSON_DEPTH - 1 levels.
    const stateLevels = MAX_JSON_DEPTH - 1;
    const depths: number[] = [];
    const server = await servers.startAgent(({ res, input, index }) => {
      depths.push(depthOf(input.state));
      if (index === 0) {
        sse(res, sseText([started(input)]) + `data: {"type":"STATE_SNAPSHOT","snapshot":${deepObjectText(stateLevels)}}\n\n` + sseText([finished(input)]));
      } else {
        // One level more at the bottom: `/a/…/a` (998 segments) + an object = 1,000 levels, allowed;
        // then one more below that is past the limit.
        const path = "/a".repeat(stateLevels - 1);
        sse(res, sseText([
          started(input),
          { type: "STATE_DELTA", delta: [{ op: "replace", path: `${path}/a`, value: { b: 2 } }] },
          { type: "STATE_DELTA", delta: [{ op: "add", path: `${path}/a/b`, value: { c: 3 } }] },
          finished(input),
        ]));
      }
    });
    const adapter = memoryStorage();
    const log = warnings();
    const chat = chatOn(server.url, { threadId: "t-limit", persistence: chatPersistence({ adapter, index: false }), onWarning: log.onWarning });
    expect(await chat.sendMessage("one")).toEqual({ status: "idle" });
    expect(depthOf(chat.state.peek())).toBe(stateLevels);
    expect(chat.thread.snapshot().state).toEqual(chat.state.peek());
    expect(await chat.sendMessage("two")).toEqual({ status: "idle" });
    // The second request carried the state as the first run left it.
    expect(depths[1]).toBe(stateLevels);
    expect(depthOf(chat.state.peek())).toBe(MAX_JSON_DEPTH);
    expect(log.all.find((w) => w.code === "STATE_PATCH_FAILED")?.message).toContain("OPERATION_VALUE_TOO_DEEP");
    await chat.whenSaved();
    chat.dispose();

    const reopened = chatOn(server.url, { threadId: "t-limit", persistence: chatPersistence({ adapter, index: false }) });
    await reopened.whenSaved();
    await expect.poll(() => depthOf(reopened.state.peek())).toBe(MAX_JSON_DEPTH);
    expect(reopened.persistenceError.peek()).toBeNull();
    reopened.dispose();
  });
});

describe("deeply nested JSON handed to Threadline directly", () => {
  const deepText = `{"type":"RUN_STARTED","threadId":"t","runId":"r","input":${deepObjectText(10_000)}}`;

  it("createPipeline().push() and foldEvents refuse it with EVENT_TOO_DEEP, never a RangeError", () => {
    const pipeline = createPipeline(() => undefined, { onWarning: () => undefined });
    let thrown: unknown;
    try {
      pipeline.push(JSON.parse(deepText));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect(thrown).toMatchObject({ code: "EVENT_TOO_DEEP", index: 0 });
    const folded = foldEvents([{ type: "RUN_STARTED", threadId: "t", runId: "r" }, { type: "STATE_SNAPSHOT", snapshot: deepObject(10_000) }]);
    expect(folded.error).toMatchObject({ code: "EVENT_TOO_DEEP", index: 1 });
  });

  it("values passed around the pipeline get typed errors: createThread, foldEvent, chat.setState", () => {
    const deep = deepObject(10_000);
    expect(() => createThread({ state: deep })).toThrow(JsonDepthError);
    const thread = createThread();
    let thrown: unknown;
    try {
      foldEvent(thread, { type: "STATE_SNAPSHOT", snapshot: deep } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ThreadlineError);
    expect(thrown).toMatchObject({ code: "JSON_TOO_DEEP" });
    const chat = new ChatClient({ agent: { run: async () => "completed" as const }, presence: false });
    expect(() => chat.setState(deep)).toThrow(ChatInputError);
    expect(() => chat.setState(deep)).toThrow(/nests more than 1000/);
    chat.dispose();
  });

  it("a stored record nested past the limit is set aside verbatim as corrupt; the chat starts empty", async () => {
    const text = `{"version":1,"threadId":"t-stored","messages":[],"savedAt":1,"state":${deepObjectText(10_000)}}`;
    const store = new Map<string, string>([["threadline:t-stored", text]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const chat = new ChatClient({
      agent: { run: async () => "completed" as const },
      presence: false,
      threadId: "t-stored",
      persistence: chatPersistence({ adapter: localStorageAdapter(storage), index: false }),
      onError: () => undefined,
    });
    await expect.poll(() => chat.persistenceError.peek()?.code).toBe("PERSIST_CORRUPT");
    expect(chat.persistenceError.peek()?.message).toContain(`more than ${MAX_JSON_DEPTH + 3}`);
    expect(chat.thread.toMessages()).toEqual([]);
    const aside = [...store.keys()].find((k) => k.startsWith("threadline:t-stored:corrupt:"));
    expect(aside !== undefined && store.get(aside)).toBe(text);
    expect(store.has("threadline:t-stored")).toBe(false);
    chat.dispose();
  });
});
