// Shared helpers for the ChatClient tests: a scripted AG-UI server (real node:http, the official
// encoder, Threadline's HttpAgent), event builders, a hand-driven in-memory source, gates.
import type { Message, RunAgentInput, ToolMessage } from "@ag-ui/core";
import { afterEach } from "vitest";
import {
  ChatClient,
  HttpAgent,
  type AgentSource,
  type ChatClientOptions,
  type TurnResult,
} from "../../src/index.js";
import { type EventSink, type RunEnd } from "../../src/transport/index.js";
import { agentServer, ids, respond, type Exchange, type TestServer } from "../run/support.js";

export { finished, ids, sleep, started, until, warnings } from "../run/support.js";
export type { Exchange, TestServer } from "../run/support.js";

/** What one request looked like, and when its response ended (for ordering checks). */
export interface ServedRequest {
  readonly index: number;
  readonly input: RunAgentInput;
  readonly startedAt: number;
  endedAt: number | undefined;
}

export interface ScriptedServer {
  readonly url: string;
  readonly served: ServedRequest[];
  readonly inputs: RunAgentInput[];
  close(): Promise<void>;
}

export type Script = (input: RunAgentInput, send: (...events: object[]) => Promise<void>, index: number) => Promise<void> | void;

const servers: TestServer[] = [];
const chats: ChatClient[] = [];
afterEach(async () => {
  for (const chat of chats.splice(0)) chat.dispose();
  for (const server of servers.splice(0)) await server.close();
});

let clock = 0;
const tick = () => ++clock;

/** An AG-UI server on 127.0.0.1: request i is answered by `script(input, send, i)`. */
export async function scriptedServer(script: Script): Promise<ScriptedServer> {
  const served: ServedRequest[] = [];
  const server = await agentServer(async (exchange: Exchange) => {
    const record: ServedRequest = { index: exchange.index, input: exchange.input, startedAt: tick(), endedAt: undefined };
    served.push(record);
    const { send } = respond(exchange);
    await script(exchange.input, async (...events) => {
      for (const event of events) await send(event);
    }, exchange.index);
    record.endedAt = tick();
    exchange.res.end();
  });
  servers.push(server);
  return {
    url: server.url,
    served,
    get inputs() {
      return served.map((s) => s.input);
    },
    close: () => server.close(),
  };
}

/** A ChatClient disposed after the test, with deterministic ids. */
export function chatFor(agent: AgentSource | string, options: Partial<ChatClientOptions> = {}): ChatClient {
  const chat = new ChatClient({
    agent: typeof agent === "string" ? new HttpAgent({ url: agent }) : agent,
    threadId: "thread-1",
    createId: ids("id"),
    presence: false,
    ...options,
  });
  chats.push(chat);
  return chat;
}

// ---- events ----

export const runStarted = (input: RunAgentInput): object => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });

export const runFinished = (input: RunAgentInput, outcome?: object): object => ({
  type: "RUN_FINISHED",
  threadId: input.threadId,
  runId: input.runId,
  ...(outcome === undefined ? {} : { outcome }),
});

export function textMessage(messageId: string, text: string): object[] {
  return [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text },
    { type: "TEXT_MESSAGE_END", messageId },
  ];
}

/** A whole tool call; `argsText` overrides the JSON of `args` (for broken arguments). */
export function toolCall(toolCallId: string, name: string, args: unknown, parentMessageId?: string, argsText?: string): object[] {
  return [
    { type: "TOOL_CALL_START", toolCallId, toolCallName: name, ...(parentMessageId === undefined ? {} : { parentMessageId }) },
    { type: "TOOL_CALL_ARGS", toolCallId, delta: argsText ?? JSON.stringify(args) },
    { type: "TOOL_CALL_END", toolCallId },
  ];
}

/** A complete answer: RUN_STARTED, one text message, RUN_FINISHED. */
export function answer(input: RunAgentInput, messageId: string, text: string): object[] {
  return [runStarted(input), ...textMessage(messageId, text), runFinished(input)];
}

export function toolResults(input: RunAgentInput): ToolMessage[] {
  return input.messages.filter((m): m is ToolMessage => m.role === "tool");
}

export function roles(messages: readonly Message[]): string[] {
  return messages.map((m) => m.role);
}

// ---- control ----

/** A promise the test opens by hand. */
export function gate<T = void>(): { promise: Promise<T>; open(value: T): void; opened: boolean } {
  let open!: (value: T) => void;
  const result = {
    opened: false,
    promise: new Promise<T>((resolve) => {
      open = resolve;
    }),
    open(value: T) {
      result.opened = true;
      open(value);
    },
  };
  return result;
}

export interface ManualRun {
  readonly input: RunAgentInput;
  readonly sink: EventSink;
  emit(...events: object[]): void;
  end(how?: RunEnd): void;
  fail(error: unknown): void;
}

/** An in-memory source whose runs the test drives event by event. */
export function manualSource(): { source: AgentSource; runs: ManualRun[] } {
  const runs: ManualRun[] = [];
  const source: AgentSource = {
    run: (input, sink) =>
      new Promise<RunEnd>((resolve, reject) => {
        runs.push({
          input,
          sink,
          emit: (...events) => {
            for (const event of events) sink.onEvent(event);
          },
          end: (how = "completed") => resolve(how),
          fail: reject,
        });
      }),
  };
  return { source, runs };
}

export const settled = (result: TurnResult): string => result.status;
