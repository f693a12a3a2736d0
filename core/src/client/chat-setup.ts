import type { WarningHandler } from "../errors.js";
import type { GenerationPresenceOptions } from "../persist/generation-presence.js";
import type { BroadcastChannelLike } from "../persist/presence-channel.js";
import type { ContentPart } from "@ag-ui/core";
import type { Message } from "../protocol/events.js";
import { fromAgent, type AgUiAgentLike } from "../transport/from-agent.js";
import type { AgentSource } from "../transport/source.js";
import { makeThread } from "../fold/make-thread.js";
import { ThreadImpl } from "../model/thread.js";
import type { ApprovalResponse } from "./approvals.js";
import { ChatInputError, errorText, ToolExecutionError } from "./chat-errors.js";
import type { ChatClientOptions, MessageInput, ToolResultInput } from "./chat-types.js";
import { outputContent } from "./client-tools.js";
import type { ToolOutcome } from "./tool-execution.js";

/**
 * The `agent` option as a source. AG-UI agent objects (`run(input)` returning a subscribable) are
 * told from sources (`run(input, sink)` returning a promise) by `runAgent` / `abortRun`, which
 * every `@ag-ui/client` agent has, or by a `run` that declares exactly one parameter.
 */
export function toAgentSource(agent: ChatClientOptions["agent"] | undefined): AgentSource {
  const candidate = agent as { run?: unknown; runAgent?: unknown; abortRun?: unknown } | null | undefined;
  if (typeof candidate !== "object" || candidate === null || typeof candidate.run !== "function") {
    throw new ChatInputError("INVALID_OPTION", "`agent` must be an AgentSource (HttpAgent, fromEvents…) or an AG-UI agent object with a run method.", "agent");
  }
  const looksAgUi = typeof candidate.runAgent === "function" || typeof candidate.abortRun === "function" || candidate.run.length === 1;
  return looksAgUi ? fromAgent(agent as AgUiAgentLike) : (agent as AgentSource);
}

/** A user message from `sendMessage`'s argument; throws `INVALID_ARGUMENT` for anything else. */
export function toUserMessage(input: MessageInput, createId: () => string): Message {
  if (typeof input === "string") {
    if (input.trim() === "") throw invalid("sendMessage needs some text; got an empty string.");
    return { id: createId(), role: "user", content: input };
  }
  const value = input as { content?: unknown; id?: unknown } | null;
  if (typeof value !== "object" || value === null) throw invalid("sendMessage needs a string or { content: string | ContentPart[] }.");
  if (value.id !== undefined && (typeof value.id !== "string" || value.id === "")) throw invalid("sendMessage: `id` must be a non-empty string.");
  const id = (value.id as string | undefined) ?? createId();
  const content = value.content;
  if (typeof content === "string") {
    if (content.trim() === "") throw invalid("sendMessage needs some content; got an empty string.");
    return { id, role: "user", content };
  }
  if (!Array.isArray(content) || content.length === 0) throw invalid("sendMessage: `content` must be a non-empty string or a non-empty array of content parts.");
  content.forEach((part: unknown, i) => {
    if (typeof part !== "object" || part === null || typeof (part as { type?: unknown }).type !== "string") {
      throw invalid(`sendMessage: content[${i}] is not a content part (it needs a string \`type\`).`);
    }
  });
  return { id, role: "user", content: [...(content as ContentPart[])] };
}

function invalid(message: string): ChatInputError {
  return new ChatInputError("INVALID_ARGUMENT", message, "message");
}

/** GenerationPresence options for the `presence` option (see `ChatClientOptions.presence`). */
export function presenceOptions(option: ChatClientOptions["presence"], warn: WarningHandler): Partial<GenerationPresenceOptions> {
  if (option === false) return { createChannel: null };
  const given = option ?? {};
  return given.createChannel === undefined ? { ...given, createChannel: defaultChannel(warn) } : given;
}

/**
 * `BroadcastChannel`, unref'd where the runtime allows it (Node), so a chat someone forgot to
 * dispose does not keep the process alive. `null` (this tab only) where there is none.
 */
function defaultChannel(warn: WarningHandler): ((name: string) => BroadcastChannelLike) | null {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike & { unref?: () => void } }).BroadcastChannel;
  if (typeof Channel !== "function") return null;
  return (name) => {
    try {
      const channel = new Channel(name);
      channel.unref?.();
      return channel;
    } catch (error) {
      warn({ code: "PRESENCE_CHANNEL_UNAVAILABLE", message: `BroadcastChannel "${name}" could not be opened (${String(error)}); generation state stays local.` });
      return CLOSED_CHANNEL;
    }
  };
}

const CLOSED_CHANNEL: BroadcastChannelLike = {
  postMessage() {},
  addEventListener() {},
  removeEventListener() {},
  close() {},
};

/** `addToolResult`'s argument as an outcome; throws `ChatInputError` for a malformed one or an unknown call. */
export function toToolOutcome(result: ToolResultInput, nameOf: (toolCallId: string) => string | undefined): { toolCallId: string; outcome: ToolOutcome } {
  const input = result as { toolCallId?: unknown; output?: unknown; error?: unknown } | null;
  if (typeof input !== "object" || input === null || typeof input.toolCallId !== "string") {
    throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs { toolCallId, output } or { toolCallId, error }.", "result");
  }
  const toolCallId = input.toolCallId;
  const name = nameOf(toolCallId);
  if (name === undefined) throw new ChatInputError("UNKNOWN_TOOL_CALL", `addToolResult: the thread has no tool call '${toolCallId}'.`, "toolCallId");
  if (input.error !== undefined) {
    return { toolCallId, outcome: { type: "error", error: new ToolExecutionError("TOOL_EXECUTION_FAILED", toolCallId, name, errorText(input.error)) } };
  }
  if (!("output" in input)) throw new ChatInputError("INVALID_ARGUMENT", "addToolResult needs an `output` or an `error`.", "result");
  try {
    return { toolCallId, outcome: { type: "output", content: outputContent(input.output) } };
  } catch (error) {
    throw new ChatInputError("INVALID_ARGUMENT", `addToolResult: the output for '${toolCallId}' cannot be serialised to JSON (${errorText(error)}).`, "output");
  }
}

/** `respondToApproval`'s answer, checked and copied. */
export function toApprovalResponse(response: ApprovalResponse): ApprovalResponse {
  const answer = response as { approved?: unknown; reason?: unknown } | null;
  if (typeof answer !== "object" || answer === null || typeof answer.approved !== "boolean" || (answer.reason !== undefined && typeof answer.reason !== "string")) {
    throw new ChatInputError("INVALID_ARGUMENT", "respondToApproval needs { approved: boolean, reason?: string }.", "response");
  }
  return answer.reason === undefined ? { approved: answer.approved } : { approved: answer.approved, reason: answer.reason as string };
}

export function checkMaxSteps(value: unknown): number {
  if (typeof value === "number" && (Number.isInteger(value) || value === Infinity) && value >= 0) return value;
  throw new ChatInputError("INVALID_OPTION", `maxSteps must be a whole number ≥ 0 (or Infinity), got ${String(value)}.`, "maxSteps");
}

/**
 * The `thread` option, checked (undefined without one), along with the generative-UI options.
 * Throws `INVALID_OPTION` naming the option at fault.
 */
export function givenThread(options: ChatClientOptions): ThreadImpl | undefined {
  const { thread, components, tamboEvents } = options;
  if (components !== undefined && !isRegistry(components)) {
    throw new ChatInputError("INVALID_OPTION", "`components` must be a ComponentRegistry (from createComponentRegistry()).", "components");
  }
  if (tamboEvents !== undefined && typeof tamboEvents !== "boolean") {
    throw new ChatInputError("INVALID_OPTION", `\`tamboEvents\` must be a boolean, got ${String(tamboEvents)}.`, "tamboEvents");
  }
  if (thread === undefined) return undefined;
  if (!(thread instanceof ThreadImpl)) {
    throw new ChatInputError("INVALID_OPTION", "`thread` must be a thread made by createThread() or a ThreadStore.", "thread");
  }
  for (const name of ["messages", "state", "components", "tamboEvents"] as const) {
    if (options[name] !== undefined) {
      throw new ChatInputError("INVALID_OPTION", `\`${name}\` cannot be given with \`thread\`: the thread carries its own (give it to createThread or createThreadStore).`, name);
    }
  }
  const own = thread.threadId.peek();
  if (options.threadId !== undefined && options.threadId !== own) {
    throw new ChatInputError("INVALID_OPTION", `\`threadId\` '${options.threadId}' is not the id of the given \`thread\` (${own === undefined ? "none yet" : `'${own}'`}).`, "threadId");
  }
  return thread;
}

/** The chat's own thread: its id, messages, state, `components`, and `tamboEvents` (default on for a chat). */
export function newThread(options: ChatClientOptions, threadId: string, warn: WarningHandler): ThreadImpl {
  const { components, tamboEvents } = options;
  return makeThread({ threadId, messages: options.messages, state: options.state, onWarning: warn, components, tamboEvents: tamboEvents ?? true });
}

function isRegistry(value: unknown): boolean {
  const r = value as { get?: unknown; has?: unknown; tools?: unknown } | null;
  return typeof r === "object" && r !== null && typeof r.get === "function" && typeof r.has === "function" && typeof r.tools === "function";
}
