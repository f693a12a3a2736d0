// chat.connect(): AG-UI connect through HttpAgent's connectUrl. The agent replays the thread's
// history (MESSAGES_SNAPSHOT) with no user message sent, so a message sent afterwards follows the
// history instead of sitting above it.
import type { Message } from "@ag-ui/core";
import { afterEach, describe, expect, it } from "vitest";
import { ChatInputError, fromEvents, HttpAgent } from "../../src/index.js";
import { agentServer, respond, type Exchange, type TestServer } from "../run/support.js";
import { chatFor, gate, runFinished, runStarted, textMessage, until } from "./support.js";

const HISTORY: Message[] = [
  { id: "h1", role: "user", content: "Is the Lisboa Card worth it?" },
  { id: "h2", role: "assistant", content: "If you ride the trams a lot, yes." },
];

async function respondWith(exchange: Exchange, ...events: object[]): Promise<void> {
  const { send } = respond(exchange);
  for (const event of events) await send(event);
  exchange.res.end();
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe("connect", () => {
  it("loads the agent's history with no message sent; a message sent next comes after it", async () => {
    const server = await agentServer(async (exchange) => {
      const { input } = exchange;
      if (exchange.seen.url.endsWith("/connect")) {
        return respondWith(exchange, runStarted(input), { type: "MESSAGES_SNAPSHOT", messages: HISTORY }, runFinished(input));
      }
      const count = input.messages.length;
      return respondWith(exchange, runStarted(input), ...textMessage("reply", `I see ${count} messages.`), runFinished(input));
    });
    servers.push(server);
    const chat = chatFor(new HttpAgent({ url: server.url, connectUrl: `${server.url}/connect` }));

    expect(await chat.connect()).toEqual({ status: "idle" });
    expect(server.requests[0]!.url).toBe("/agent/connect");
    expect(JSON.parse(server.requests[0]!.body).messages).toEqual([]);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["h1", "h2"]);

    expect(await chat.sendMessage({ content: "And for two days?", id: "u1" })).toEqual({ status: "idle" });
    expect(server.requests[1]!.url).toBe("/agent");
    expect((JSON.parse(server.requests[1]!.body) as { messages: Message[] }).messages.map((m) => m.id)).toEqual(["h1", "h2", "u1"]);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["h1", "h2", "u1", "reply"]);
  });

  it("waits behind a turn under way, like a message", async () => {
    const release = gate();
    const order: string[] = [];
    const server = await agentServer(async (exchange) => {
      const { input } = exchange;
      const connecting = exchange.seen.url.endsWith("/connect");
      // A connect that arrived while the run was held would be "connect-early".
      order.push(connecting ? (release.opened ? "connect" : "connect-early") : "run");
      if (!connecting) await release.promise;
      return respondWith(exchange, runStarted(input), ...textMessage(connecting ? "c" : "r", "x"), runFinished(input));
    });
    servers.push(server);
    const chat = chatFor(new HttpAgent({ url: server.url, connectUrl: `${server.url}/connect` }));

    const turn = chat.sendMessage("first");
    const connected = chat.connect();
    await until(() => order.length > 0);
    expect(order).toEqual(["run"]);
    release.open();
    expect(await turn).toEqual({ status: "idle" });
    expect(await connected).toEqual({ status: "idle" });
    expect(order).toEqual(["run", "connect"]);
  });

  it("throws AGENT_CANNOT_CONNECT for an agent that cannot connect, with nothing sent", () => {
    const chat = chatFor(fromEvents([]));
    expect(() => chat.connect()).toThrow(ChatInputError);
    expect(() => chat.connect()).toThrow(expect.objectContaining({ code: "AGENT_CANNOT_CONNECT", option: "agent" }));
    expect(chat.status.value).toBe("idle");
  });
});
