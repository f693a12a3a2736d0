// Middleware: the function form and the object form wrap, transform, filter and inject events,
// synchronously, in a stated order; their failures are typed and blamed on the right layer.
import { describe, expect, it } from "vitest";
import {
  EventType,
  fromEvents,
  HttpAgent,
  type AgentSource,
  type Middleware,
  type RunAgentInput,
} from "../../src/index.js";
import { MiddlewareError, ProtocolError, createEventStream, type MiddlewareObject } from "../../src/pipeline/index.js";
import { RunLoop } from "../../src/run/index.js";
import type { AssistantMessageNode } from "../../src/model/types.js";
import { finished, ids, respond, serverPerTest, started, textRun } from "../run/support.js";

const servers = serverPerTest();

const INPUT = { threadId: "t", runId: "run-1" } as RunAgentInput;

/** A source replaying a text run for run-1 on thread t. */
function replay(deltas = ["a", "b"], extra: object[] = []): AgentSource {
  return fromEvents(textRun(INPUT, deltas, "a1", extra));
}

function loopWith(source: AgentSource, middleware: Middleware[]): RunLoop {
  return new RunLoop({ source, middleware, threadId: "t", createId: ids() });
}

const text = (loop: RunLoop, id = "a1"): string | undefined => (loop.thread.message(id) as AssistantMessageNode | undefined)?.content.value;

describe("function middleware", () => {
  it("transforms events on a real HTTP run", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      for (const event of textRun(exchange.input, ["quiet ", "words"])) await send(event);
      exchange.res.end();
    });
    const shout: Middleware = (input, next) =>
      next(input).map((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: event.delta.toUpperCase() } : event));
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), middleware: [shout], createId: ids() });

    expect((await loop.run()).status).toBe("succeeded");
    expect(text(loop)).toBe("QUIET WORDS");
  });

  it("filters events out (returning nothing) and injects several in place of one (returning an array)", async () => {
    const dropState: Middleware = (input, next) => next(input).map((event) => (event.type === "STATE_SNAPSHOT" ? null : event));
    const doubleDeltas: Middleware = (input, next) =>
      next(input).map((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event, { ...event, delta: "+" }] : event));
    const loop = loopWith(replay(["x", "y"], [{ type: "STATE_SNAPSHOT", snapshot: { secret: true } }]), [dropState, doubleDeltas]);

    expect((await loop.run()).status).toBe("succeeded");
    expect(text(loop)).toBe("x+y+");
    expect(loop.thread.state.value).toEqual({});
  });

  it("delivers synchronously: the whole replayed run is folded before run() even returns", () => {
    const identity: Middleware = (input, next) => next(input).map((event) => event);
    const loop = loopWith(replay(["s", "y", "n", "c"]), [identity, { onEvent: (event, emit) => emit(event) }]);

    const pending = loop.run();

    // No promise, timer or microtask between the source and the fold.
    expect(text(loop)).toBe("sync");
    return pending;
  });

  it("rewrites the input on its way to the agent; the first middleware is the outermost", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      for (const event of textRun(exchange.input, ["x"])) await send(event);
      exchange.res.end();
    });
    const trace = (name: string): Middleware => {
      const named: Middleware = (input, next) =>
        next({ ...input, forwardedProps: { trace: [...((input.forwardedProps as { trace?: string[] }).trace ?? []), name] } }).map(
          (event) => (event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: event.delta + name } : event),
        );
      return named;
    };
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), middleware: [trace("A"), trace("B")], createId: ids() });
    let seenInput: RunAgentInput | undefined;
    await loop.run({ subscriber: { onRunInitialized: (view) => void (seenInput = view.input) } });

    // Input: A first, then B. Events: from the agent through B, then A.
    expect(JSON.parse(server.requests[0]?.body ?? "").forwardedProps).toEqual({ trace: ["A", "B"] });
    expect(text(loop)).toBe("xBA");
    // Subscribers see the input the loop built, not the middleware's rewrite.
    expect(seenInput?.forwardedProps).toEqual({});
  });

  it("can answer without calling the agent (no request is sent)", async () => {
    const server = await servers.startAgent(() => {
      throw new Error("the agent must not be called");
    });
    const cached: Middleware = (input) =>
      createEventStream(async (sink) => {
        for (const event of textRun(input, ["from ", "cache"])) sink.onEvent(event as never);
        return "completed";
      });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), middleware: [cached], createId: ids() });

    expect((await loop.run()).status).toBe("succeeded");
    expect(text(loop)).toBe("from cache");
    expect(server.requests).toHaveLength(0);
  });

  it("a middleware that throws fails the run with a MiddlewareError naming it; what was folded stays", async () => {
    const flaky: Middleware = function flaky(input, next) {
      return next(input).map((event) => {
        if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta === "boom") throw new Error("cannot handle boom");
        return event;
      });
    };
    const loop = loopWith(replay(["fine ", "boom"]), [flaky]);

    const result = await loop.run();

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(MiddlewareError);
    expect(result.error.message).toContain("'flaky'");
    expect(result.error.message).toContain("cannot handle boom");
    expect(loop.status.value).toBe("failed");
    expect(text(loop)).toBe("fine ");
  });

  it("a middleware function that throws before streaming fails the run without calling the agent", async () => {
    let called = 0;
    const source: AgentSource = { run: async () => (called++, "completed") };
    const loop = loopWith(source, [
      () => {
        throw new Error("misconfigured");
      },
    ]);

    const result = await loop.run();

    expect(result).toMatchObject({ status: "failed", error: { code: "MIDDLEWARE_FAILED" } });
    expect(called).toBe(0);
  });

  it("does not blame a middleware for a protocol violation found downstream of it", async () => {
    const injectsGarbage: Middleware = (input, next) =>
      next(input).map((event) => (event.type === "TEXT_MESSAGE_END" ? [event, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "nope", delta: "x" }] : event));
    const loop = loopWith(replay(["ok"]), [injectsGarbage]);

    const result = await loop.run();

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe("UNKNOWN_MESSAGE_ID");
    expect(text(loop)).toBe("ok");
  });

  it("never hands middleware something that is not an event: the pipeline rejects it directly", async () => {
    const seen: unknown[] = [];
    const loop = loopWith(fromEvents([started(INPUT), "not an event", finished(INPUT)]), [
      (input, next) => next(input).map((event) => (seen.push(event.type.toLowerCase()), event)),
    ]);

    const result = await loop.run();

    expect(result).toMatchObject({ status: "failed", error: { code: "MALFORMED_EVENT" } });
    expect(seen).toEqual(["run_started"]);
  });
});

describe("object middleware", () => {
  it("prepareInput, onRunStart, onEvent (filter + transform) and onRunEnd (inject), with `this`", async () => {
    class Redactor implements MiddlewareObject {
      readonly name = "redactor";
      runs = 0;
      dropped = 0;
      prepareInput(input: RunAgentInput): RunAgentInput {
        return { ...input, context: [...input.context, { description: "policy", value: "redact" }] };
      }
      onRunStart(input: RunAgentInput): void {
        this.runs++;
        expect(input.context.at(-1)).toEqual({ description: "policy", value: "redact" });
      }
      onEvent(event: Parameters<NonNullable<MiddlewareObject["onEvent"]>>[0], emit: (e: typeof event) => void): void {
        if (event.type === "STATE_SNAPSHOT") {
          this.dropped++;
          return;
        }
        emit(event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: event.delta.replace(/\d/g, "#") } : event);
      }
      onRunEnd(emit: (e: never) => void): void {
        // The agent forgot to finish its run: this middleware repairs it.
        emit({ type: "RUN_FINISHED", threadId: "t", runId: "run-1" } as never);
      }
    }
    const redactor = new Redactor();
    const events = textRun(INPUT, ["card 1234 ", "ok"], "a1", [{ type: "STATE_SNAPSHOT", snapshot: { pan: "1234" } }]).slice(0, -1);
    let sent: RunAgentInput | undefined;
    const source: AgentSource = {
      run: (input, sink) => {
        sent = input;
        return fromEvents(events).run(input, sink);
      },
    };
    const loop = loopWith(source, [redactor]);

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect(text(loop)).toBe("card #### ok");
    expect(loop.thread.state.value).toEqual({});
    expect(redactor).toMatchObject({ runs: 1, dropped: 1 });
    expect(sent?.context).toEqual([{ description: "policy", value: "redact" }]);
  });

  it("an object with no hooks passes everything through; a throwing hook is blamed on it by name", async () => {
    const loop = loopWith(replay(["p", "q"]), [{ name: "noop" }, { name: "strict", onEvent: (event, emit) => {
      if (event.type === "TEXT_MESSAGE_CONTENT" && event.delta === "q") throw new TypeError("no q allowed");
      emit(event);
    } }]);

    const result = await loop.run();

    expect(result).toMatchObject({ status: "failed", error: { code: "MIDDLEWARE_FAILED", middleware: "'strict'" } });
    expect(text(loop)).toBe("p");
  });

  it("applies to connect() as well as run()", async () => {
    const source: AgentSource = {
      run: (input, sink) => replay().run(input, sink),
      connect: (input, sink) => replay(["live"]).run(input, sink),
    };
    const loop = loopWith(source, [{ onEvent: (event, emit) => emit(event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: `[${event.delta}]` } : event) }]);

    expect((await loop.connect()).status).toBe("succeeded");
    expect(text(loop)).toBe("[live]");
  });

  it("use() adds middleware for later runs", async () => {
    const loop = new RunLoop({ source: { run: (input, sink) => fromEvents(textRun(input, ["m"], `a-${input.runId}`)).run(input, sink) }, threadId: "t", createId: ids() });
    await loop.run();
    loop.use((input, next) => next(input).map((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? { ...event, delta: "M" } : event)));
    await loop.run();

    expect(text(loop, "a-run-1")).toBe("m");
    expect(text(loop, "a-run-2")).toBe("M");
  });
});
