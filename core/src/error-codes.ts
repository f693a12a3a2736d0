// Away from `ThreadlineError`: to the code that throws, the list is only types, so an app that
// never reads it or asks a code's stage (`errorStage`) ships none of its strings.

/**
 * Every code a Threadline error can carry, each listed once under the one stage that raises it.
 * A code is unique across stages, so `error.code` alone says what went wrong; the stage says which
 * class to catch (`errorStage(code)` maps one to the other).
 */
export const errorCodes = {
  /** Anything thrown on Threadline's path that was not a ThreadlineError (`ThreadlineError.from`). */
  internal: ["INTERNAL_ERROR"],
  protocol: [
    // validation: the shape of one event
    "MALFORMED_EVENT",
    "MISSING_FIELD",
    "MALFORMED_FIELD",
    "EVENT_TOO_DEEP",
    // lifecycle: runs
    "FIRST_EVENT_NOT_RUN_STARTED",
    "NESTED_RUN_STARTED",
    "EVENT_AFTER_RUN_FINISHED",
    "EVENT_AFTER_RUN_ERROR",
    "OPEN_AT_RUN_FINISHED",
    "RUN_ID_MISMATCH",
    "THREAD_ID_MISMATCH",
    "DUPLICATE_INTERRUPT_ID",
    "TRUNCATED_RUN",
    // streaming: messages, tool calls, reasoning
    "ALREADY_OPEN",
    "UNKNOWN_MESSAGE_ID",
    "UNKNOWN_TOOL_CALL_ID",
    "UNKNOWN_REASONING_ID",
    // steps
    "STEP_ALREADY_OPEN",
    "STEP_NOT_STARTED",
    // subagents
    "SUBAGENT_MISMATCH",
    "SUBAGENT_ALREADY_STARTED",
    "UNKNOWN_SUBAGENT",
    // chunk expansion
    "CHUNK_MISSING_ID",
    "CHUNK_MISSING_NAME",
    "CHUNK_CONFLICT",
    "CHUNK_AMBIGUOUS",
  ],
  transport: [
    "REQUEST_FAILED",
    "HTTP_STATUS",
    "UNEXPECTED_CONTENT_TYPE",
    "SSE_INVALID_JSON",
    "PROTOBUF_FRAME_INVALID",
    "EVENT_TOO_LARGE",
    "STREAM_TRUNCATED",
    "SOURCE_FAILED",
    "CONNECT_NOT_SUPPORTED",
    "RECONNECT_FAILED",
    "RESPONSE_TIMEOUT",
    "STOP_FAILED",
    // a part loaded on first use (the chat's engine, HttpAgent's exchange) did not load
    "LAZY_LOAD_FAILED",
    // warnings (onWarning): capability discovery
    "CAPABILITIES_MALFORMED",
    "CAPABILITIES_UNAVAILABLE",
  ],
  pipeline: ["MIDDLEWARE_FAILED", "SCHEMA_VALIDATION_UNAVAILABLE", "CHUNK_NOT_EXPANDED", "PIPELINE_ENDED", "INVALID_PIPELINE_OPTION"],
  fold: [
    "FORBIDDEN_PATCH_PATH",
    "MALFORMED_PAYLOAD",
    "WRONG_THREAD",
    "INVALID_HISTORY",
    // warnings (onWarning): subagent lanes
    "SUBAGENT_NOT_RUNNING",
    "SUBAGENT_RESTARTED",
    "SUBAGENT_UNANNOUNCED",
    "SUBAGENT_LANES_MISSING",
  ],
  model: [
    "RUN_REJECTED",
    "INVALID_TOOL_ARGS",
    "TOOL_ARGS_TOO_DEEP",
    "INCOMPLETE_TOOL_ARGS",
    "TOOL_RESULT_ERROR",
    "AGENT_RUN_ERROR",
    "CUSTOM_ALREADY_CLAIMED",
    "INVALID_POINTER",
    "INVALID_THREAD_ID",
    "UNKNOWN_THREAD",
    "STORE_DISPOSED",
    "INVALID_THREAD_OPTION",
  ],
  json: [
    "CIRCULAR_VALUE",
    "UNEXPECTED_CHARACTER",
    "INVALID_ESCAPE",
    "CONTROL_CHARACTER",
    "NESTING_TOO_DEEP",
    "JSON_TOO_DEEP",
    "NUMBER_TOO_LONG",
    "INCOMPLETE",
    "INVALID_DELTA",
  ],
  run: [
    "RUN_IN_PROGRESS",
    "RUN_LOOP_DISPOSED",
    "RUN_SETTLE_FAILED",
    "INVALID_MESSAGES",
    "INVALID_RUN_INPUT",
    "INVALID_TERMINAL_GRACE",
    "INVALID_RUN_OPTION",
    "INTERRUPT_NOT_RESUMED",
    "INTERRUPT_EXPIRED",
    "INVALID_RESUME",
    "SUBSCRIBER_FAILED",
    "MAX_STEPS_REACHED",
  ],
  tools: [
    "TOOL_ARGS_INVALID",
    "TOOL_INPUT_INVALID",
    "TOOL_EXECUTION_FAILED",
    "TOOL_OUTPUT_INVALID",
    "TOOL_REJECTED",
    "TOOL_UNAVAILABLE",
    "TOOL_CANCELLED",
    "COMPONENT_ARGS_INVALID",
    "INVALID_INTERVAL",
  ],
  chatInput: [
    "INVALID_ARGUMENT",
    "INVALID_OPTION",
    "INVALID_TOOL",
    "UNKNOWN_TOOL_CALL",
    "NOT_AWAITING_APPROVAL",
    "UNKNOWN_INTERRUPT",
    "TOOL_NAME_CLASH",
    "THREAD_NOT_OWNED",
    "AGENT_CANNOT_CONNECT",
    "NO_THREAD_INDEX",
    "MESSAGE_NOT_ON_PATH",
    "NOT_A_BRANCH",
    "ATTACHMENT_REJECTED",
    "ATTACHMENT_FAILED",
    "PLUGIN_MISSING",
    "PARTIAL_ARGS_MISSING",
    // the send queue (`sendQueue`): a method's id, and why a queued message waits failed
    "QUEUED_MESSAGE_UNKNOWN",
    "QUEUED_MESSAGE_SENT",
    "SEND_UNCONFIRMED",
    "ATTACHMENT_NOT_KEPT",
  ],
  persistence: [
    "PERSIST_QUOTA_EXCEEDED",
    "PERSIST_WRITE_FAILED",
    "PERSIST_REMOVE_FAILED",
    "PERSIST_READ_FAILED",
    "PERSIST_CORRUPT",
    "PERSIST_VERSION_UNSUPPORTED",
    "PERSIST_UNAVAILABLE",
    "PERSIST_INVALID_OPTION",
  ],
  component: [
    "COMPONENT_PATCH_FAILED",
    "COMPONENT_PATCH_FORBIDDEN",
    "COMPONENT_CUT_OFF",
    "INVALID_COMPONENT",
    "COMPONENT_ALREADY_REGISTERED",
    // warnings (onWarning): a Tambo event on a thread without `components: generativeUi()`
    "GENERATIVE_UI_MISSING",
  ],
  /** `@threadline/core/server`: the handler's refusals (`AgentHandlerError`) and its run store (`RunStoreError`). */
  server: [
    "RUN_INPUT_INVALID",
    "RUN_INPUT_REFUSED",
    "ID_INVALID",
    "BODY_TOO_LARGE",
    "TOO_MANY_MESSAGES",
    "CONTENT_TYPE_UNSUPPORTED",
    "ORIGIN_NOT_ALLOWED",
    "OWNER_REQUIRED",
    "RUN_ID_TAKEN",
    "THREAD_ID_TAKEN",
    "OWNER_BUSY",
    "SERVER_BUSY",
    "EVENT_ID_INVALID",
    "EVENT_ID_OTHER_RUN",
    "EVENT_ID_AHEAD",
    "EVENTS_TRIMMED",
    "RUN_NOT_FOUND",
    "RUN_EXPIRED",
    "RUN_STORE_UNAVAILABLE",
    "METHOD_NOT_ALLOWED",
    "RUN_STORE_FAILED",
    "CAPABILITIES_NOT_DECLARED",
    "HANDLER_FAILED",
  ],
  markdown: ["MARKDOWN_NOT_A_MESSAGE", "MARKDOWN_BAD_OPTION", "MARKDOWN_RENDER_FAILED"],
  /** `@threadline/core/mcp-apps`: an MCP App that cannot be shown, or a request of it that failed (`McpAppError`). */
  mcpApps: ["MCP_APP_INVALID", "MCP_APP_RESOURCE_FAILED", "MCP_APP_REQUEST_FAILED"],
  /** `@threadline/core/thread-window` (the virtualized thread view both bindings render). */
  threadWindow: ["THREAD_WINDOW_BAD_OPTION", "THREAD_WINDOW_BAD_MESSAGES", "THREAD_WINDOW_BAD_ELEMENT"],
  devtools: ["FIXTURE_UNREADABLE", "FIXTURE_NOT_EVENTS", "INSPECTOR_TARGET_INVALID", "INSPECTOR_OPTION_INVALID", "INSPECTOR_NO_DOM"],
  /** Misuse of the Svelte and Vue bindings (their `SvelteBindingError` / Vue errors). */
  bindings: ["NO_CHAT_CONTEXT", "NO_COMPONENT_CONTEXT", "NOT_A_SIGNAL", "NOT_A_CHAT", "NOT_A_MESSAGE", "NOT_AN_ELEMENT_NAME", "CHAT_NOT_PROVIDED", "COMPONENT_NODE_MISSING", "A2UI_NOT_PROVIDED", "MCP_APPS_NOT_PROVIDED"],
} as const;

/** The stages a user catches, one error class each. */
export type ErrorStage = keyof typeof errorCodes;

/** The codes of one stage. */
export type StageErrorCode<S extends ErrorStage> = (typeof errorCodes)[S][number];

/** Every code any Threadline error carries. */
export type ErrorCode = StageErrorCode<ErrorStage>;

let stageByCode: Map<string, ErrorStage> | undefined;

/**
 * The stage (and so the error class to catch) a code belongs to; `undefined` for a string that
 * is no code. The lookup is built on the first call.
 */
export function errorStage(code: string): ErrorStage | undefined {
  if (stageByCode === undefined) {
    stageByCode = new Map();
    for (const stage of Object.keys(errorCodes) as ErrorStage[]) {
      for (const each of errorCodes[stage]) stageByCode.set(each, stage);
    }
  }
  return stageByCode.get(code);
}
