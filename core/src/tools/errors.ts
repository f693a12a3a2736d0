import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * A client tool could not give its call an output (`ToolExecutionError` names the call), or a tool
 * helper was misused (`INVALID_INTERVAL` for a keyed throttle). Catch this class and branch on `code`.
 */
export class ToolError extends ThreadlineError<ToolErrorCode> {}

export type ToolErrorCode = (typeof errorCodes.tools)[number];

/**
 * A ChatClient method or option was used wrongly. The class lives here, below chat/, because the
 * client tools given in the chat's `tools` option are checked here (`INVALID_TOOL`); it is the one
 * class for every misuse of the chat's API. Thrown synchronously by the call (never as a
 * rejected promise), with nothing changed (`ATTACHMENT_FAILED` aside, see below):
 * - `INVALID_ARGUMENT`: a method got a malformed argument: `sendMessage` something other than a
 *   non-empty string or `{ content: string | ContentPart[] }`, `respondToApproval` a response
 *   without a boolean `approved`, `addToolResult` neither `output` nor `error`, or an `output`
 *   that cannot be serialised to JSON;
 * - `INVALID_OPTION`: an option of `new ChatClient` / `updateOptions` is out of range (`agent`,
 *   `maxSteps`…); `option` names it;
 * - `INVALID_TOOL`: a client tool definition is unusable (no name, a duplicate name, a schema
 *   that cannot be turned into JSON Schema); `option` names it as `tools[i]`;
 * - `UNKNOWN_TOOL_CALL`: `addToolResult` for a tool call the thread does not hold;
 * - `NOT_AWAITING_APPROVAL`: `respondToApproval` for a call that is not awaiting approval;
 * - `UNKNOWN_INTERRUPT`: `resume` for an interrupt that is not pending (or already answered);
 * - `TOOL_NAME_CLASH`: a client tool has the name of a component in `components` (both would be
 *   advertised to the agent as tools); `option` names the tool as `tools[i]`;
 * - `THREAD_NOT_OWNED`: `switchThread` on a chat made with `thread` (that thread belongs to the
 *   caller, say a `ThreadStore`: make a chat for the other thread instead);
 * - `AGENT_CANNOT_CONNECT`: `connect()` with an agent that cannot connect;
 * - `NO_THREAD_INDEX`: `listThreads` / `removeThread` on a chat without persistence, or with
 *   `persistence.index: false`;
 * - `MESSAGE_NOT_ON_PATH`: `editMessage`, `regenerate(id)` or `switchBranch` for a message that is not
 *   on the active branch (or, for `editMessage`, not a user message);
 * - `NOT_A_BRANCH`: `switchBranch` with an index that is not one of the message's alternatives;
 * - `ATTACHMENT_REJECTED`: a file for `sendMessage` is larger than `attachments.maxFileSize`, of a
 *   type `attachments.accept` does not list, or one too many (`maxFiles`); the message names the
 *   file, its type and size, and the limit; `option` says which (`files[1]`);
 * - `ATTACHMENT_FAILED`: not thrown but the result of `sendMessage` (`{ status: "failed" }`, and
 *   `onError`): a file could not be read, or the `upload` hook failed or answered with something
 *   that is not a URL or a source. Nothing was sent.
 */
export class ChatInputError extends ThreadlineError<ChatInputErrorCode> {
  /** The option or argument at fault, such as `maxSteps` or `tools[2]`. */
  readonly option: string | undefined;

  /** `where`, when it says more than `option` (`content[2]`), is what a production build's message names. */
  constructor(code: ChatInputErrorCode, message: string, option?: string, where: string | undefined = option) {
    super(code, message, { where });
    this.option = option;
  }
}

export type ChatInputErrorCode = (typeof errorCodes.chatInput)[number];

/**
 * Why a client tool call produced an error instead of an output. The message becomes the tool
 * message's `error` (and the agent sees it); the error itself sits on the tool call node for
 * `TOOL_CANCELLED`, which writes no message.
 * - `TOOL_ARGS_INVALID`: the arguments were not valid JSON at TOOL_CALL_END;
 * - `TOOL_INPUT_INVALID`: the arguments failed the tool's `inputSchema` (or Standard Schema
 *   `parameters`);
 * - `TOOL_EXECUTION_FAILED`: `execute` threw or rejected;
 * - `TOOL_OUTPUT_INVALID`: the output failed `outputSchema`, or cannot be serialised to JSON;
 * - `TOOL_REJECTED`: the user rejected the call (`respondToApproval(id, { approved: false })`);
 * - `TOOL_UNAVAILABLE`: the agent named a call as pending for a tool this client does not have;
 * - `COMPONENT_ARGS_INVALID`: a call to a renderable component's tool ended with arguments that
 *   are not valid JSON, so the component could not render (the client's answer to that call);
 * - `TOOL_CANCELLED`: the call became stale before it finished (stop, clear, a new message).
 */
export class ToolExecutionError extends ToolError {
  declare readonly code: Exclude<ToolErrorCode, "INVALID_INTERVAL">;
  readonly toolCallId: string;
  readonly toolName: string;

  constructor(code: ToolExecutionError["code"], toolCallId: string, toolName: string, message: string, cause?: unknown) {
    super(code, message, { cause });
    this.toolCallId = toolCallId;
    this.toolName = toolName;
  }
}
