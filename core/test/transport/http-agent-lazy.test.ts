// HttpAgent's exchange (requests, decoding, reconnects) is loaded with its first request. Here the
// chunk's load fails, as a network failure or a deploy that replaced the chunk would: the run
// rejects with a typed LazyLoadError naming the part, nothing is sent, and the next run loads it.
// Capability discovery is a chunk of its own, which a run never needs.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HttpAgent as HttpAgentClass } from "../../src/transport/http-agent.js";
import { LazyLoadError, TransportError } from "../../src/transport/errors.js";
import { serverPerTest } from "../support/agui-server.js";
import { collect, input, rejection, runEvents, streamRun } from "./support.js";

const servers = serverPerTest();
const EXCHANGE = "../../src/transport/http-exchange.js";
const CAPABILITIES = "../../src/transport/capabilities.js";

/**
 * A fresh HttpAgent module (so no earlier test has loaded its lazy parts), with the chunk of
 * `part` (its exchange, or capability discovery) failing to load.
 */
async function agentWithBrokenChunk(part: string = EXCHANGE): Promise<typeof HttpAgentClass> {
  vi.resetModules();
  vi.doMock(part, () => {
    throw new TypeError(`Failed to fetch dynamically imported module: /assets/${part.replace(/^.*\//, "")}`);
  });
  return (await import("../../src/transport/http-agent.js")).HttpAgent;
}

afterEach(() => {
  vi.doUnmock(EXCHANGE);
  vi.doUnmock(CAPABILITIES);
  vi.resetModules();
});

describe("HttpAgent's lazily loaded exchange", () => {
  it("a failed load rejects the run with LAZY_LOAD_FAILED, sends nothing, and the next run loads it and streams", async () => {
    const HttpAgent = await agentWithBrokenChunk();
    const server = await servers.start(streamRun);
    const agent = new HttpAgent({ url: server.url });

    const first = collect();
    const error = await rejection(agent.run(input, first.sink));
    expect(error).toBeInstanceOf(Error);
    expect((error as LazyLoadError).code).toBe("LAZY_LOAD_FAILED");
    expect((error as LazyLoadError).part).toMatch(/HttpAgent's exchange/);
    expect((error as Error).message).toMatch(/could not be loaded: .*Failed to fetch dynamically imported module/);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(first.events).toEqual([]);
    expect(server.requests).toHaveLength(0);

    vi.doUnmock(EXCHANGE);
    const second = collect();
    await expect(agent.run(input, second.sink)).resolves.toBe("completed");
    expect(second.events).toEqual(runEvents());
    expect(server.requests).toHaveLength(1);
  });

  it("declared capabilities need no exchange; discovery stays soft when it cannot load, the run list says it got no answer", async () => {
    const HttpAgent = await agentWithBrokenChunk();
    const declared = { tools: { supported: true } };
    const server = await servers.start(streamRun);
    await expect(new HttpAgent({ url: server.url, capabilities: declared }).getCapabilities()).resolves.toBe(declared);

    const warnings: string[] = [];
    const discovering = new HttpAgent({ url: server.url, capabilities: "discover", resumable: true });
    await expect(discovering.getCapabilities({ onWarning: (w) => warnings.push(`${w.code}: ${w.message}`) })).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^CAPABILITIES_UNAVAILABLE: .*HttpAgent's exchange .*could not be loaded/)]);
    // No answer is not "no runs": the caller may ask again.
    await expect(discovering.runsOf("thread-1")).rejects.toMatchObject({ code: "LAZY_LOAD_FAILED" });
    expect(server.requests).toHaveLength(0);
  });

  it("a run needs no capability discovery; discovery that cannot load warns, stays unknown, and loads when asked again", async () => {
    const HttpAgent = await agentWithBrokenChunk(CAPABILITIES);
    const server = await servers.start(async (req, res) => {
      if (req.method !== "GET") return streamRun(req, res);
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ tools: { supported: true } }));
    });
    const agent = new HttpAgent({ url: server.url, capabilities: "discover" });
    const run = collect();
    await expect(agent.run(input, run.sink)).resolves.toBe("completed");
    expect(run.events).toEqual(runEvents());

    const warnings: string[] = [];
    await expect(agent.getCapabilities({ onWarning: (w) => warnings.push(`${w.code}: ${w.message}`) })).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^CAPABILITIES_UNAVAILABLE: .*capability discovery .*could not be loaded/)]);
    // The run's one request: the failed discovery asked nothing.
    expect(server.requests).toHaveLength(1);

    vi.doUnmock(CAPABILITIES);
    await expect(agent.getCapabilities()).resolves.toEqual({ tools: { supported: true } });
    expect(server.requests).toHaveLength(2);
  });

  it("LazyLoadError is a TransportError with a code of its own", () => {
    const error = new LazyLoadError("the chat engine", new Error("offline"));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe("LAZY_LOAD_FAILED");
    expect(error.message).toBe("the chat engine could not be loaded: Error: offline. Nothing that needed it was done; the next call that needs it loads it again.");
  });
});
