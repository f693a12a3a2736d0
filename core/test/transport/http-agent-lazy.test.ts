// HttpAgent's exchange (requests, decoding, reconnects) is loaded with its first request. Here the
// chunk's load fails, as a network failure or a deploy that replaced the chunk would: the run
// rejects with a typed LazyLoadError naming the part, nothing is sent, and the next run loads it.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HttpAgent as HttpAgentClass } from "../../src/transport/http-agent.js";
import { LazyLoadError, TransportError } from "../../src/transport/errors.js";
import { serverPerTest } from "../support/agui-server.js";
import { collect, input, rejection, runEvents, streamRun } from "./support.js";

const servers = serverPerTest();
const EXCHANGE = "../../src/transport/http-exchange.js";

/** A fresh HttpAgent module (so no earlier test has loaded its exchange), with the exchange's chunk failing to load. */
async function agentWithBrokenChunk(): Promise<typeof HttpAgentClass> {
  vi.resetModules();
  vi.doMock(EXCHANGE, () => {
    throw new TypeError("Failed to fetch dynamically imported module: /assets/http-exchange.js");
  });
  return (await import("../../src/transport/http-agent.js")).HttpAgent;
}

afterEach(() => {
  vi.doUnmock(EXCHANGE);
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

  it("LazyLoadError is a TransportError with a code of its own", () => {
    const error = new LazyLoadError("the chat engine", new Error("offline"));
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe("LAZY_LOAD_FAILED");
    expect(error.message).toBe("the chat engine could not be loaded: Error: offline. Nothing was sent; the next call loads it again.");
  });
});
