// What each weighed bundle imports. An entry re-exports what an app would use, so the bundler keeps
// exactly that and everything it reaches; the framework itself is external (every app has it anyway).

export interface SizeEntry {
  /** Row title in the table. */
  title: string;
  /** Module source of the entry. */
  code: string;
  /** Budget in bytes, min+gzip; absent for peers (printed, not gated). */
  budget?: number;
  /** Ours or a peer's. */
  side: "threadline" | "peer";
}

const KB = 1000;

export const SIZE_ENTRIES: Record<string, SizeEntry> = {
  "quick-start-svelte": {
    title: "Threadline quick start, Svelte (createChat + StreamingText + HttpAgent)",
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent } from "@threadline/core";\n`,
    // 55.8 measured on 2026-12-03 after attachments, subagent lanes, branches, follow mode and generative UI
    // (the Tambo fold, renderable tool calls) became plug-ins, @ag-ui/core left the run-time imports,
    // JSON Patch became Threadline's own (no fast-json-patch), protobuf is lazy, the error-code
    // list left ThreadlineError, the retired protocol became a plug-in (legacyProtocol), SSE is read
    // without eventsource-parser and the protobuf decoder's errors stay in the entry chunk (#18).
    budget: 56.6 * KB,
    side: "threadline",
  },
  // The opt-in capabilities on top of the Svelte quick start: the difference to it is their cost,
  // paid only by apps that import them. Budgets: the figures of 2026-12-03 (after the legacy plug-in and Threadline's own SSE reading) + 0.8.
  ...Object.fromEntries(
    (
      [
        ["persistence", "chatPersistence, indexedDbStorage", "storage and thread list", 62.1],
        ["presence", "broadcastPresence", "multi-tab presence", 58.1],
        ["attachments", "chatAttachments", "files in messages", 59.2],
        ["subagents", "subagentLanes", "subagent lanes", 58.2],
        ["branching", "messageBranches", "conversation branches", 57.9],
        ["follow", "followRuns", "following other clients' runs", 57.2],
        ["components", "generativeUi, createComponentRegistry", "generative UI and the Tambo fold", 61.2],
        ["tool-arguments", "strictModeUndo", "strict-mode undo for client tools", 58.6],
        ["legacy", "legacyProtocol", "retired protocol parts and older agents", 58.6],
      ] as const
    ).map(([name, imports, what, budget]) => [
      `with-${name}`,
      {
        title: `quick start, Svelte + ${imports.replace(", ", " + ")} (opt-in ${what})`,
        code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, ${imports} } from "@threadline/core";\n`,
        budget: budget * KB,
        side: "threadline",
      } satisfies SizeEntry,
    ]),
  ),
  "quick-start-vue": {
    title: "Threadline quick start, Vue (useChat + StreamingText + HttpAgent)",
    code: `export { useChat, StreamingText } from "@threadline/vue";\nexport { HttpAgent } from "@threadline/core";\n`,
    // 56.4 measured on 2026-12-03, generative UI a plug-in, JSON Patch Threadline's own, the error-code list out of ThreadlineError,
    // the retired protocol a plug-in, SSE read without eventsource-parser (#18).
    budget: 57.2 * KB,
    side: "threadline",
  },
  "core-root": {
    title: "@threadline/core, every root export",
    code: `export * from "@threadline/core";\n`,
    // 76.9 on 2026-12-03: every plug-in (#18: attachments, lanes, branches, follow, generative UI, strict-mode undo, legacy protocol, with the chat's no-op stand-ins), foldEvents' untouched history.
    budget: 77.7 * KB,
    side: "threadline",
  },
  // Each opt-in subpath alone: what importing it adds at most (shared parts counted again).
  ...Object.fromEntries(
    // Budgets: the figures of 2026-12-02 (after #23 attachments, subagents and capabilities, #19 follow mode; chat and run after the #18 plug-ins) with a little room, so growth is a decision, not drift;
    // chat, pipeline and transport at 2026-12-03's figures + 0.8 (the legacy plug-in, Threadline's own SSE reading).
    Object.entries({ persist: 10.5, json: 8.5, chat: 61.8, run: 44.5, model: 8.2, pipeline: 11.4, transport: 9.2 }).map(([sub, budget]) => [
      `core-${sub}`,
      {
        title: `@threadline/core/${sub}, every export`,
        code: `export * from "@threadline/core/${sub}";\n`,
        budget: budget * KB,
        side: "threadline",
      } satisfies SizeEntry,
    ]),
  ),
  "ag-ui-client": {
    title: "@ag-ui/client HttpAgent",
    code: `export { HttpAgent } from "@ag-ui/client";\n`,
    side: "peer",
  },
  "ai-sdk-svelte": {
    title: "@ai-sdk/svelte Chat",
    code: `export { Chat } from "@ai-sdk/svelte";\n`,
    side: "peer",
  },
  "ai-sdk-vue": {
    title: "@ai-sdk/vue Chat (3.x has no useChat)",
    code: `export { Chat } from "@ai-sdk/vue";\n`,
    side: "peer",
  },
  "tanstack-ai-client": {
    title: "@tanstack/ai-client ChatClient",
    code: `export { ChatClient } from "@tanstack/ai-client";\n`,
    side: "peer",
  },
};
