// Capability discovery (AG-UI `getCapabilities`): HttpAgent declares them or GETs <url>/capabilities,
// createAgentHandler answers that from its agent or an option, and ChatClient exposes a signal.
// Real node:http servers on 127.0.0.1; bad documents warn and read as unknown.
import http from "node:http";
import type net from "node:net";
import { effect } from "@preact/signals-core";
import { afterEach, describe, expect, it } from "vitest";
import { ChatClient, fromAgent, HttpAgent, type AgentCapabilities, type ThreadlineWarning } from "../../src/index.js";
import { createAgentHandler } from "../../src/server/index.js";
import { scriptedAgent, serve, type Served } from "../server/support.js";

const DOCUMENT: AgentCapabilities = {
  identity: { name: "Scripted", type: "threadline-playground", version: "1.0.0" },
  transport: { streaming: true, resumable: true },
  tools: { supported: true, clientProvided: true, items: [{ name: "lookup", description: "Looks up", parameters: { type: "object" } }] },
  multiAgent: { supported: true, delegation: true, subagents: [{ name: "researcher", description: "Finds sources" }] },
  multimodal: { input: { image: false } },
  custom: { "x-vendor": { anything: [1, 2] } },
};

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function served(handler: Parameters<typeof serve>[0]): Promise<Served> {
  const server = await serve(handler);
  servers.push(server);
  return server;
}

/** A bare server answering every request with `status` and `body` (what a foreign backend might send). */
async function answering(status: number, body: string, type = "application/json"): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(status, { "content-type": type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/agent`, requests };
}

function collect(): { warnings: ThreadlineWarning[]; onWarning: (w: ThreadlineWarning) => void } {
  const warnings: ThreadlineWarning[] = [];
  return { warnings, onWarning: (w) => warnings.push(w) };
}

describe("HttpAgent capability discovery", () => {
  it("GETs <url>/capabilities from createAgentHandler, which answers its `capabilities` option", async () => {
    const server = await served(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(), capabilities: DOCUMENT }));
    const { warnings, onWarning } = collect();
    const agent = new HttpAgent({ url: server.url, capabilities: "discover" });
    expect(await agent.getCapabilities({ onWarning })).toEqual(DOCUMENT);
    // `?capabilities` on the endpoint itself is answered too (no sub-route to mount).
    const viaQuery = new HttpAgent({ url: server.url, capabilities: "discover", capabilitiesUrl: `${server.url}?capabilities` });
    expect(await viaQuery.getCapabilities({ onWarning })).toEqual(DOCUMENT);
    expect(warnings).toEqual([]);
  });

  it("the handler asks its agent's getCapabilities(); an agent declaring none is a 404 the client reads as unknown", async () => {
    const withCaps = Object.assign(scriptedAgent(), { getCapabilities: async () => ({ reasoning: { supported: true } }) });
    const declaring = await served(createAgentHandler({ owner: "anonymous", agent: withCaps }));
    const silent = await served(createAgentHandler({ owner: "anonymous", agent: scriptedAgent() }));
    const { warnings, onWarning } = collect();
    expect(await new HttpAgent({ url: declaring.url, capabilities: "discover" }).getCapabilities({ onWarning })).toEqual({ reasoning: { supported: true } });
    const response = await fetch(`${silent.url}/capabilities`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("CAPABILITIES_NOT_DECLARED");
    expect(await new HttpAgent({ url: silent.url, capabilities: "discover" }).getCapabilities({ onWarning })).toBeUndefined();
    expect(warnings).toEqual([]);
    // A proxying handler passes its upstream's document on.
    const proxy = await served(createAgentHandler({ owner: "anonymous", upstream: declaring.url }));
    expect(await new HttpAgent({ url: proxy.url, capabilities: "discover" }).getCapabilities({ onWarning })).toEqual({ reasoning: { supported: true } });
  });

  it("a malformed document warns CAPABILITIES_MALFORMED naming the field, and reads as unknown", async () => {
    const wrongType = await answering(200, JSON.stringify({ tools: { supported: "yes" } }));
    const notJson = await answering(200, "<html>login</html>", "text/html");
    const notObject = await answering(200, "[1,2]");
    const { warnings, onWarning } = collect();
    for (const server of [wrongType, notJson, notObject]) {
      expect(await new HttpAgent({ url: server.url, capabilities: "discover" }).getCapabilities({ onWarning })).toBeUndefined();
    }
    expect(wrongType.requests).toEqual(["GET /agent/capabilities"]);
    expect(warnings.map((w) => w.code)).toEqual(["CAPABILITIES_MALFORMED", "CAPABILITIES_MALFORMED", "CAPABILITIES_MALFORMED"]);
    expect(warnings[0]!.message).toContain("/tools/supported must be a boolean");
    expect(warnings[0]!.event).toEqual({ tools: { supported: "yes" } });
    expect(warnings[1]!.message).toContain("not JSON");
    expect(warnings[2]!.message).toContain("must be a JSON object");
  });

  it("a server error or an unreachable server warns CAPABILITIES_UNAVAILABLE; neither rejects", async () => {
    const failing = await answering(500, "{}");
    const closed = await answering(200, "{}");
    await servers.pop()!.close();
    const { warnings, onWarning } = collect();
    expect(await new HttpAgent({ url: failing.url, capabilities: "discover" }).getCapabilities({ onWarning })).toBeUndefined();
    expect(await new HttpAgent({ url: closed.url, capabilities: "discover" }).getCapabilities({ onWarning })).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["CAPABILITIES_UNAVAILABLE", "CAPABILITIES_UNAVAILABLE"]);
    expect(warnings[0]!.message).toContain("HTTP 500");
  });

  it("declared capabilities are returned without a request; without the option they are unknown", async () => {
    const server = await answering(200, JSON.stringify(DOCUMENT));
    expect(await new HttpAgent({ url: server.url, capabilities: { state: { deltas: true } } }).getCapabilities()).toEqual({ state: { deltas: true } });
    expect(await new HttpAgent({ url: server.url }).getCapabilities()).toBeUndefined();
    expect(server.requests).toEqual([]);
  });
});

describe("ChatClient.capabilities", () => {
  const known = (chat: ChatClient) =>
    new Promise<AgentCapabilities>((resolve) => {
      const stop = effect(() => {
        const value = chat.capabilities.value;
        if (value !== undefined) {
          queueMicrotask(() => stop());
          resolve(value);
        }
      });
    });

  it("is undefined until the agent's answer arrives, then holds it (frozen), asked once", async () => {
    const server = await served(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(), capabilities: DOCUMENT }));
    let asked = 0;
    const agent = new HttpAgent({ url: server.url, capabilities: "discover", fetch: (input, init) => (asked++, fetch(input, init)) });
    const chat = new ChatClient({ agent, presence: false });
    expect(asked).toBe(0);
    expect(chat.capabilities.value).toBeUndefined();
    const value = await known(chat);
    expect(value).toEqual(DOCUMENT);
    expect(Object.isFrozen(value.tools)).toBe(true);
    void chat.capabilities.value;
    expect(asked).toBe(1);
    chat.dispose();
  });

  it("an AG-UI agent object's getCapabilities is asked; a malformed answer warns on the chat and stays unknown", async () => {
    const { warnings, onWarning } = collect();
    const good = new ChatClient({ agent: fromAgent(Object.assign(scriptedAgent(), { getCapabilities: async () => ({ humanInTheLoop: { approvals: true } }) })), presence: false });
    expect(await known(good)).toEqual({ humanInTheLoop: { approvals: true } });
    const bad = new ChatClient({
      agent: Object.assign(scriptedAgent(), { getCapabilities: async () => ({ humanInTheLoop: "yes" }) as unknown as AgentCapabilities }),
      presence: false,
      onWarning,
    });
    expect(bad.capabilities.value).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bad.capabilities.value).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["CAPABILITIES_MALFORMED"]);
    expect(warnings[0]!.message).toContain("/humanInTheLoop must be an object");
    good.dispose();
    bad.dispose();
  });
});
