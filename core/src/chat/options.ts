import { DEV } from "esm-env";
import { messageListProblem } from "../protocol/message-list.js";
import { describeValue } from "../describe-value.js";
import { warnToConsole, type ThreadlineError, type WarningHandler } from "../errors.js";
import { makeThread } from "../fold/make-thread.js";
import { ThreadImpl } from "../model/thread.js";
import type { CheckedAgent, ChatSettings } from "./assembly.js";
import type { EngineInput } from "./engine.js";
import type { OutgoingMessages } from "./outgoing.js";
import { ChatInputError } from "../tools/errors.js";
import { pluginOption } from "./plugin-option.js";
import { legacyOptionProblem } from "../pipeline/legacy.js";
import { checkToolNames } from "../tools/components.js";
import { checkStreamingTools } from "../tools/streaming-tools.js";
import type { ChatClientOptions, ChatUpdatableOptions } from "./types.js";
import { buildToolSet } from "../tools/definition.js";
import { openOutgoing } from "./outgoing.js";
import { presencePlugin } from "./presence/generation.js";
import { terminalGrace } from "../run/options.js";
import { storagePlugin } from "./storage/storage.js";
import { ARGUMENTS_AS_SENT, isToolArgumentReading, type ToolArgumentReading } from "../tools/argument-reading.js";
import { followPlugin } from "./follow/follow-plugin.js";
import { queuePlugin } from "./queue/queue-plugin.js";

/** A chat built from its options: what its engine is made from, and its sender. */
export interface OpenedChat extends EngineInput {
  /** User messages on their way out (files read or uploaded, in order). */
  readonly outgoing: OutgoingMessages;
}

/**
 * Checks `new ChatClient(options)` and makes what the chat starts with: its settings, its thread
 * (the one given, or a new one), the id it is kept under and its sender; the engine is built from
 * these. Bad options throw `ChatInputError` before anything starts, whether or not the engine has
 * been loaded yet, so every check the engine's parts would make is made here first.
 */
export function openChat(options: ChatClientOptions): OpenedChat {
  if (typeof options !== "object" || options === null) throw new ChatInputError("INVALID_OPTION", DEV ? "new ChatClient(options) needs an options object with an `agent`." : "", "options");
  const warn = options.onWarning ?? warnToConsole;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const settings: ChatSettings = { tools: buildToolSet(options.tools), context: options.context, forwardedProps: options.forwardedProps, maxSteps: checkMaxSteps(options.maxSteps ?? 10) };
  const given = givenThread(options);
  const givenId = given?.threadId.peek();
  const provisional = given !== undefined ? givenId === undefined : options.threadId === undefined;
  const threadId = givenId ?? options.threadId ?? createId();
  const made = given ?? newThread(options, threadId, warn);
  checkToolNames(settings.tools, made.genui.registry);
  checkStreamingTools(settings.tools, made);
  const agent = checkAgent(options.agent);
  presencePlugin(options.presence);
  terminalGrace(options.terminalGraceMs);
  storagePlugin(options.persistence);
  const toolArguments = toolArgumentReading(options);
  followPlugin(options.follow);
  queuePlugin(options.queue);
  const connectivity = options.connectivity as { online?: unknown; subscribe?: unknown } | undefined;
  if (connectivity !== undefined && (typeof connectivity?.online !== "function" || typeof connectivity.subscribe !== "function")) {
    throw new ChatInputError("INVALID_OPTION", DEV ? "`connectivity` needs online() and subscribe(listener), or leave it out (the browser's)." : "", "connectivity");
  }
  const reportTo = (error: ThreadlineError): void => report(options, warn, error);
  const outgoing = openOutgoing(options.attachments, { thread: made, createId, report: reportTo });
  return { options, thread: made, threadId, provisional, agent, toolArguments, settings, warn, createId, report: reportTo, outgoing };
}

/**
 * The `agent` option, checked. AG-UI agent objects (`run(input)` returning a subscribable) are
 * told from sources (`run(input, sink)` returning a promise) by `runAgent` / `abortRun`, which
 * every `@ag-ui/client` agent has, or by a `run` that declares exactly one parameter.
 */
export function checkAgent(agent: ChatClientOptions["agent"] | undefined): CheckedAgent {
  const candidate = agent as { run?: unknown; runAgent?: unknown; abortRun?: unknown } | null | undefined;
  if (typeof candidate !== "object" || candidate === null || typeof candidate.run !== "function") {
    throw new ChatInputError("INVALID_OPTION", DEV ? "`agent` must be an AgentSource (HttpAgent, fromEvents…) or an AG-UI agent object with a run method." : "", "agent");
  }
  const agUi = typeof candidate.runAgent === "function" || typeof candidate.abortRun === "function" || candidate.run.length === 1;
  return { agent: agent as ChatClientOptions["agent"], agUi };
}

/** The `toolArguments` plug-in, or the arguments as sent. */
function toolArgumentReading(options: ChatClientOptions): ToolArgumentReading {
  const plugin = options.toolArguments;
  if (plugin === undefined) return ARGUMENTS_AS_SENT;
  if (!isToolArgumentReading(plugin)) {
    throw new ChatInputError("INVALID_OPTION", DEV ? "`toolArguments` must be strictModeUndo() (from @threadline/core), or absent (the arguments as sent)." : "", "toolArguments");
  }
  return plugin;
}

/** Applies `updateOptions`: each option given is checked, then replaces the current one. */
export function updateSettings(settings: ChatSettings, options: ChatUpdatableOptions, thread: ThreadImpl): void {
  if (options.tools !== undefined) {
    const tools = buildToolSet(options.tools);
    checkToolNames(tools, thread.genui.registry);
    checkStreamingTools(tools, thread);
    settings.tools = tools;
  }
  if (options.maxSteps !== undefined) settings.maxSteps = checkMaxSteps(options.maxSteps);
  if (options.context !== undefined) settings.context = options.context;
  if ("forwardedProps" in options) settings.forwardedProps = options.forwardedProps;
}

function report(options: ChatClientOptions, warn: WarningHandler, error: ThreadlineError): void {
  const onError = options.onError;
  if (onError === undefined) {
    warn({ code: error.code, message: error.message });
    return;
  }
  try {
    onError(error);
  } catch (thrown) {
    warn({ code: "ON_ERROR_FAILED", message: DEV ? `onError threw while handling ${error.code}: ${describeValue(thrown, "message")}` : "" });
  }
}

export function checkMaxSteps(value: unknown): number {
  if (typeof value === "number" && (Number.isInteger(value) || value === Infinity) && value >= 0) return value;
  throw new ChatInputError("INVALID_OPTION", DEV ? `maxSteps must be a whole number ≥ 0 (or Infinity), got ${String(value)}.` : "", "maxSteps");
}

/**
 * The `thread` option, checked (undefined without one), along with the generative-UI options.
 * Throws `INVALID_OPTION` naming the option at fault.
 */
export function givenThread(options: ChatClientOptions): ThreadImpl | undefined {
  const { thread } = options;
  if ((options as { readonly tamboEvents?: unknown }).tamboEvents !== undefined) {
    throw new ChatInputError("INVALID_OPTION", DEV ? "`tamboEvents` is gone: Tambo events fold with `components: generativeUi({ registry })` (`tambo: false` to leave them to listeners)." : "", "tamboEvents");
  }
  const legacyProblem = legacyOptionProblem(options);
  if (legacyProblem !== undefined) {
    // legacyOptionProblem tells of peerProtocolVersion first; asked here rather than by comparing its sentence.
    const option = (options as { readonly peerProtocolVersion?: unknown }).peerProtocolVersion !== undefined ? "peerProtocolVersion" : "legacy";
    throw new ChatInputError("INVALID_OPTION", DEV ? legacyProblem : "", option);
  }
  if (options.components !== undefined) pluginOption(options.components, "components", DEV ? "generativeUi({ registry }) (from @threadline/core), or absent." : "");
  if (thread === undefined) return undefined;
  if (!(thread instanceof ThreadImpl)) {
    throw new ChatInputError("INVALID_OPTION", DEV ? "`thread` must be a thread made by createThread() or a ThreadStore." : "", "thread");
  }
  for (const name of ["messages", "state", "components", "subagents", "branching", "partialArgs"] as const) {
    if (options[name] !== undefined) {
      throw new ChatInputError("INVALID_OPTION", DEV ? `\`${name}\` cannot be given with \`thread\`: the thread carries its own (give it to createThread or createThreadStore).` : "", name);
    }
  }
  const own = thread.threadId.peek();
  if (options.threadId !== undefined && options.threadId !== own) {
    throw new ChatInputError("INVALID_OPTION", DEV ? `\`threadId\` '${options.threadId}' is not the id of the given \`thread\` (${own === undefined ? "none yet" : `'${own}'`}).` : "", "threadId");
  }
  return thread;
}

/** The chat's own thread: its id, messages, state, `components`, `subagents`, `branching` and `partialArgs`. */
export function newThread(options: ChatClientOptions, threadId: string, warn: WarningHandler): ThreadImpl {
  const { components, subagents, branching, partialArgs } = options;
  if (subagents !== undefined) pluginOption(subagents, "subagents", DEV ? "subagentLanes() (from @threadline/core), or absent." : "");
  if (branching !== undefined) pluginOption(branching, "branching", DEV ? "messageBranches() (from @threadline/core), or absent." : "");
  if (partialArgs !== undefined) pluginOption(partialArgs, "partialArgs", DEV ? "partialArgsParser() (from @threadline/core), or absent." : "");
  const problem = options.messages === undefined ? undefined : messageListProblem(options.messages);
  if (problem !== undefined) throw new ChatInputError("INVALID_OPTION", DEV ? `The chat's initial ${problem}.` : "", "messages");
  // Checked just above: the thread takes them as its constructor would, without checking them again.
  const thread = makeThread({ threadId, state: options.state, onWarning: warn, components, subagents, branching, partialArgs });
  if (options.messages !== undefined && options.messages.length > 0) thread.appendWhole(options.messages, DEV ? "initial messages" : "");
  return thread;
}
