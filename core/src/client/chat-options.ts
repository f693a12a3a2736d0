import { warnToConsole, type ThreadlineError, type WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import { assembleChat, type ChatParts, type ChatSettings } from "./chat-assembly.js";
import { ChatInputError, errorText } from "./chat-errors.js";
import { checkToolNames } from "./chat-component-tools.js";
import { checkMaxSteps, givenThread, newThread } from "./chat-setup.js";
import { ChatThreadKey } from "./chat-thread-key.js";
import type { ChatClientOptions, ChatUpdatableOptions } from "./chat-types.js";
import { buildToolSet } from "./client-tools.js";

/** A chat built from its options. */
export interface OpenedChat {
  readonly parts: ChatParts;
  /** What `updateOptions` changes. */
  readonly settings: ChatSettings;
  readonly key: ChatThreadKey;
}

/**
 * Checks `new ChatClient(options)` and builds the chat: its settings, its thread (the one given,
 * or a new one), the id it is kept under, and the wired parts. Bad options throw
 * `ChatInputError` before anything starts.
 */
export function openChat(options: ChatClientOptions): OpenedChat {
  if (typeof options !== "object" || options === null) throw new ChatInputError("INVALID_OPTION", "new ChatClient(options) needs an options object with an `agent`.", "options");
  const warn = options.onWarning ?? warnToConsole;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const settings: ChatSettings = { tools: buildToolSet(options.tools), context: options.context, forwardedProps: options.forwardedProps, maxSteps: checkMaxSteps(options.maxSteps ?? 10) };
  const given = givenThread(options);
  const givenId = given?.threadId.peek();
  const provisional = given !== undefined ? givenId === undefined : options.threadId === undefined;
  const threadId = givenId ?? options.threadId ?? createId();
  const made = given ?? newThread(options, threadId, warn);
  checkToolNames(settings.tools, made.genui.registry);
  // `key` needs the parts; the parts call it only once a run starts, long after this.
  let key!: ChatThreadKey;
  const parts = assembleChat({
    options,
    thread: made,
    threadId,
    settings,
    warn,
    createId,
    report: (error) => report(options, warn, error),
    runStarted: (event) => key.named(event),
    beforeRun: () => key.beforeRun(),
  });
  key = new ChatThreadKey(parts, options, warn, threadId, provisional);
  return { parts, settings, key };
}

/** Applies `updateOptions`: each option given is checked, then replaces the current one. */
export function updateSettings(settings: ChatSettings, options: ChatUpdatableOptions, thread: ThreadImpl): void {
  if (options.tools !== undefined) {
    const tools = buildToolSet(options.tools);
    checkToolNames(tools, thread.genui.registry);
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
    warn({ code: "ON_ERROR_FAILED", message: `onError threw while handling ${error.code}: ${errorText(thrown)}` });
  }
}
