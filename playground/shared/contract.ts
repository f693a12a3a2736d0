// The DOM contract both apps render and the Chromium tests read: the same test ids and data
// attributes in Svelte and in Vue, so one test suite drives either app.

export const TEST_ID = {
  app: "app",
  backend: "backend-switch",
  scenario: "scenario-select",
  variant: "variant-select",
  speed: "speed-select",
  /** The flaky-network switch (a checkbox): cuts the streams at random points. */
  flakyNetwork: "flaky-network",
  /** The menu button (narrow screens): opens the sidebar as a drawer; `aria-expanded`. */
  menu: "menu",
  /** The sidebar (`data-open` while the menu shows it on a narrow screen). */
  sidebar: "sidebar",
  newThread: "new-thread",
  threadList: "thread-list",
  threadItem: "thread-item",
  deleteThread: "delete-thread",
  messageList: "message-list",
  /** One per rendered message; `data-role`, `data-message-id`. */
  message: "message",
  /** Markdown-rendered text of a message; `data-streaming` while it streams. */
  messageText: "message-text",
  reasoning: "reasoning",
  /** `data-tool-name`, `data-status` (the tool call's status). */
  toolCall: "tool-call",
  /** A call's arguments and result: a `dl` of fields (`[data-field]`, `dt` then `dd`), or text. */
  toolArgs: "tool-args",
  toolResult: "tool-result",
  approve: "approve",
  decline: "decline",
  /** `data-source` ("component", "tool-call", "activity"), `data-streaming`, `data-city`. */
  weatherCard: "weather-card",
  /** `data-open`: shown open when the thread has state, or when the user opened it. */
  statePanel: "state-panel",
  /** Opens and closes the state panel; `aria-expanded`. */
  stateToggle: "state-toggle",
  /** `data-todo-id`, `data-done`. */
  todoItem: "todo-item",
  todoInput: "todo-input",
  /**
   * `data-status` is the chat status. `data-turns` counts the turns the user started (send, retry,
   * load history, approval, interrupt answer or cancel) that have settled since the panel was
   * made: read it before an action and wait for it to grow (shared/settled-turns.ts).
   */
  runStatus: "run-status",
  /** While the chat follows another device's run (the run status has `data-following="true"`). */
  following: "following",
  tokenUsage: "token-usage",
  statusNote: "status-note",
  stop: "stop",
  errorBanner: "error-banner",
  retry: "retry",
  interruptForm: "interrupt-form",
  /** On the welcome screen of a scenario whose thread is loaded by an AG-UI connect. */
  loadHistory: "load-history",
  /** Under a user message (copy, edit, the branch picker), and in each answer's row (below). */
  messageActions: "message-actions",
  /**
   * One row per answer, after its last message (`data-answer-end`: that message's id): copy,
   * regenerate, the branch picker. Not shown while the answer's question (an interrupt) waits.
   */
  answerActions: "answer-actions",
  copy: "copy",
  /** One per code block of an assistant message; `data-index`. */
  copyCode: "copy-code",
  edit: "edit",
  editInput: "edit-input",
  editSave: "edit-save",
  editCancel: "edit-cancel",
  regenerate: "regenerate",
  /** `‹ 2/3 ›` on a message where the conversation forked; the position in `branch-position`. */
  branchPicker: "branch-picker",
  branchPrev: "branch-prev",
  branchNext: "branch-next",
  branchPosition: "branch-position",
  /** After Stop: the answer was cut short; `continue` asks the agent to go on. */
  stopped: "stopped",
  continue: "continue",
  /** Shown while the user has scrolled up from the newest message. */
  jumpLatest: "jump-latest",
  /** Above the composer while an approval waits: sending declines it. */
  approvalWarning: "approval-warning",
  composer: "composer",
  send: "send",
  suggestion: "suggestion",
  /** The composer's paperclip, and the file input behind it. */
  attach: "attach",
  attachInput: "attach-input",
  /** A file in the composer before sending (`data-name`; an `img` when it is an image); its remove button. */
  draftAttachment: "draft-attachment",
  removeAttachment: "remove-attachment",
  /** Beside the composer: why the chat refused a file (ATTACHMENT_REJECTED). */
  attachmentError: "attachment-error",
  /** A file of a sent message: an `img` for an image with a preview, else a chip; `data-type`, `data-mime-type`. */
  messageAttachment: "message-attachment",
  /** A subagent lane under the tool call that spawned it (a `<details>`); `data-name`, `data-status`. */
  subagentLane: "subagent-lane",
  /** The text of one of a lane's messages. */
  subagentText: "subagent-text",
} as const;

export type TestId = (typeof TEST_ID)[keyof typeof TEST_ID];

/** Human words for the chat's status, shown beside the dot in the header. */
export const STATUS_LABEL: Readonly<Record<string, string>> = {
  idle: "Idle",
  submitted: "Sending…",
  streaming: "Streaming…",
  "awaiting-input": "Waiting for you",
  failed: "Failed",
};
