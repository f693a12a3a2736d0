// What the module makes available in every component without an import: the composables and
// components of @threadline/vue under their own names (the names its guide uses), besides the
// module's own `useThreadlineChat`. nuxt/test/auto-imports.test.ts checks this against what
// @threadline/vue exports, so a new composable cannot be forgotten here.

/** Composables and provide/inject helpers, auto-imported in components, pages and composables. */
export const COMPOSABLES = [
  "useChat",
  "provideChat",
  "injectChat",
  "useSignal",
  "useMessageText",
  "useMessageParts",
  "useAttachments",
  "useToolCall",
  "useSubagent",
  "useStateAt",
  "useComponentProps",
  "useComponentState",
  "useComponentStatus",
  "provideComponents",
  "injectComponentNode",
  "useSendQueue",
] as const;

/** Components, registered globally (lazily loaded where a template uses them). */
export const COMPONENTS = ["StreamingText", "StreamingMarkdown", "ThreadComponent", "ThreadWindow"] as const;

/** Values @threadline/vue exports that are neither: imported from it where they are needed. */
export const NOT_AUTO_IMPORTED = {
  streamText: "a directive: app.directive('stream-text', streamText) in a plugin, or import it where it is used",
  BindingError: "an error class, for instanceof checks",
} as const;
