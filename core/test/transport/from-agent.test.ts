// fromAgent: a real @ag-ui/client HttpAgent against a real server, and rxjs / hand-made
// subscribables.
import { describe, expect, it } from "vitest";
import { HttpAgent as AgUiHttpAgent } from "@ag-ui/client";
import { AGUIConnectNotImplementedError } from "@ag-ui/core";
import { Observable, from } from "rxjs";
import { fromAgent, type AgUiAgentLike } from "../../src/index.js";
import {
  ConnectNotSupportedError,
  SourceFailedError,
  StreamTruncatedError,
  type EventObserver,
} from "../../src/transport/index.js";
import { serverPerTest, type TestServer } from "../support/agui-server.js";
import { sleep } from "../support/wait.js";
import { collect, input, rejection, runEvents, streamRun, streamUntilClientLeaves } from "./support.js";

const servers = serverPerTest();

/** Serves a full run; a request with `forwardedProps.endless` streams until the client leaves. */
function runServer(): Promise<TestServer> {
  return servers.start(async (req, res, seen) => {
    const body = JSON.parse(seen.body) as { forwardedProps?: { endless?: boolean } };
    return body.forwardedProps?.endless ? streamUntilClientLeaves(req, res, seen) : streamRun(req, res);
  });
}

const endless = { ...input, forwardedProps: { endless: true } };

describe("fromAgent with a real @ag-ui/client HttpAgent", () => {
  it("delivers the run's events through the agent's own transport", async () => {
    const server = await runServer();
    const source = fromAgent(new AgUiHttpAgent({ url: server.url }));
    const { sink, events } = collect();
    await expect(source.run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
    expect(server.requests[0]?.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ threadId: "thread-1", runId: "run-1" });
  });

  it("abort stops delivery, closes the connection, and the same agent can run again", async () => {
    const server = await runServer();
    const agent = new AgUiHttpAgent({ url: server.url });
    const source = fromAgent(agent);
    const first = collect((_event, index) => {
      if (index === 3) first.controller.abort();
    });
    await expect(source.run(endless, first.sink)).resolves.toBe("aborted");
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    await sleep(20);
    expect(first.events).toHaveLength(4); // nothing after the abort, not even AG-UI's abort RUN_ERROR

    const second = collect();
    await expect(source.run(input, second.sink)).resolves.toBe("completed");
    expect(second.events).toEqual(runEvents());
  });

  it("a throwing sink rejects with its error and releases the connection", async () => {
    const server = await runServer();
    const violation = new Error("out of order");
    const { sink, events } = collect((_event, index) => {
      if (index === 2) throw violation;
    });
    await expect(rejection(fromAgent(new AgUiHttpAgent({ url: server.url })).run(endless, sink))).resolves.toBe(violation);
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    await sleep(20);
    expect(events).toHaveLength(3);
  });

  it("wraps the agent's own HTTP error in SourceFailedError, keeping it as cause", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(503, { "Content-Type": "application/json" });
      res.end('{"error":"down"}');
    });
    const error = await rejection(fromAgent(new AgUiHttpAgent({ url: server.url })).run(input, collect().sink));
    expect(error).toBeInstanceOf(SourceFailedError);
    expect(error).toMatchObject({ code: "SOURCE_FAILED" });
    expect((error as Error).message).toContain("agent's run()");
    expect((error as Error).cause).toMatchObject({ status: 503 });
  });

  it("maps AG-UI's unimplemented connect to ConnectNotSupportedError", async () => {
    const source = fromAgent(new AgUiHttpAgent({ url: "http://127.0.0.1:9/never" }));
    const error = await rejection(source.connect!(input, collect().sink));
    expect(error).toBeInstanceOf(ConnectNotSupportedError);
    expect(error).toMatchObject({ code: "CONNECT_NOT_SUPPORTED" });
  });

  it("recognises the unimplemented-connect error without its class: after a minifier renamed it, or another error", async () => {
    // What a minified app bundle throws: AG-UI's message, the class name gone.
    const renamed = class e extends Error {};
    const minified = { run: () => from([]), connect: () => { throw new renamed(new AGUIConnectNotImplementedError().message); } };
    expect(await rejection(fromAgent(minified).connect!(input, collect().sink))).toBeInstanceOf(ConnectNotSupportedError);
    const failing = { run: () => from([]), connect: () => { throw new Error("Connection refused"); } };
    const error = await rejection(fromAgent(failing).connect!(input, collect().sink));
    expect(error).toBeInstanceOf(SourceFailedError);
  });
});

describe("fromAgent with other subscribables", () => {
  it("accepts an rxjs Observable that emits synchronously", async () => {
    const agent = { run: () => from(runEvents()) };
    const { sink, events } = collect();
    await expect(fromAgent(agent).run(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents());
  });

  it("a sink throwing during a synchronous emission unsubscribes as soon as subscribe returns", async () => {
    let unsubscribed = 0;
    let nextCallsAfterThrow = 0;
    let thrown = false;
    const agent: AgUiAgentLike = {
      run: () => ({
        subscribe(observer: EventObserver) {
          for (const event of runEvents()) {
            if (thrown) nextCallsAfterThrow++;
            observer.next(event); // must not throw into the producer
          }
          observer.complete();
          return { unsubscribe: () => unsubscribed++ };
        },
      }),
    };
    const violation = new Error("bad second event");
    const { sink, events } = collect((_event, index) => {
      if (index === 1) {
        thrown = true;
        throw violation;
      }
    });
    await expect(rejection(fromAgent(agent).run(input, sink))).resolves.toBe(violation);
    expect(events).toHaveLength(2);
    expect(nextCallsAfterThrow).toBeGreaterThan(0); // the producer kept going…
    expect(unsubscribed).toBe(1); // …but was unsubscribed once subscribe returned
  });

  it("abort unsubscribes and calls abortRun, in that order", async () => {
    const calls: string[] = [];
    const agent: AgUiAgentLike = {
      run: () => ({ subscribe: () => ({ unsubscribe: () => calls.push("unsubscribe") }) }),
      abortRun: () => calls.push("abortRun"),
    };
    const { sink, controller } = collect();
    const run = fromAgent(agent).run(input, sink);
    controller.abort();
    await expect(run).resolves.toBe("aborted");
    expect(calls).toEqual(["unsubscribe", "abortRun"]);
  });

  it("wraps an agent's stream error; a Threadline error passes through unchanged", async () => {
    const failing = (error: unknown): AgUiAgentLike => ({
      run: () => new Observable((subscriber) => subscriber.error(error)),
    });
    const plain = await rejection(fromAgent(failing(new Error("llm quota"))).run(input, collect().sink));
    expect(plain).toBeInstanceOf(SourceFailedError);
    expect((plain as Error).message).toContain("llm quota");

    const own = new StreamTruncatedError("connection-lost", 0, "test");
    await expect(rejection(fromAgent(failing(own)).run(input, collect().sink))).resolves.toBe(own);
  });

  it("wraps a run() that throws synchronously", async () => {
    const agent: AgUiAgentLike = {
      run: () => {
        throw new TypeError("bad input");
      },
    };
    const error = await rejection(fromAgent(agent).run(input, collect().sink));
    expect(error).toBeInstanceOf(SourceFailedError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("uses the agent's connect when it has one", async () => {
    // Not annotated: connect is found at run time (AG-UI declares it protected).
    const agent = { run: () => from([]), connect: () => from(runEvents().slice(0, 2)) };
    const { sink, events } = collect();
    await expect(fromAgent(agent).connect!(input, sink)).resolves.toBe("completed");
    expect(events).toEqual(runEvents().slice(0, 2));
  });

  it("offers connect only when the agent has a connect method", () => {
    expect(fromAgent({ run: () => from([]) }).connect).toBeUndefined();
  });

  it("resolves 'aborted' without subscribing when the signal is already aborted", async () => {
    let subscribed = false;
    const agent: AgUiAgentLike = {
      run: () => ({
        subscribe: () => {
          subscribed = true;
          return { unsubscribe: () => undefined };
        },
      }),
    };
    const { sink, controller } = collect();
    controller.abort();
    await expect(fromAgent(agent).run(input, sink)).resolves.toBe("aborted");
    expect(subscribed).toBe(false);
  });
});
