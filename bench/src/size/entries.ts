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
    // 52.8 measured on 2026-12-03 after attachments, subagent lanes, branches, follow mode, generative UI
    // (the Tambo fold, renderable tool calls), the partial-JSON parsing of tool arguments and the
    // retired protocol (legacyProtocol) became plug-ins, @ag-ui/core left the run-time imports, JSON
    // Patch became Threadline's own (no fast-json-patch), SSE is read without eventsource-parser,
    // protobuf is lazy (its decoder's errors staying in the entry chunk) and the error-code list left
    // ThreadlineError (#18).
    budget: 53.6 * KB,
    side: "threadline",
  },
  // The opt-in capabilities on top of the Svelte quick start: the difference to it is their cost,
  // paid only by apps that import them. Budgets: the figures of 2026-12-03 (after partial-JSON parsing and the retired protocol became plug-ins, SSE read without eventsource-parser) + 0.8.
  ...Object.fromEntries(
    (
      [
        ["persistence", "chatPersistence, indexedDbStorage", "storage and thread list", 59.1],
        ["presence", "broadcastPresence", "multi-tab presence", 55.1],
        ["attachments", "chatAttachments", "files in messages", 56.2],
        ["subagents", "subagentLanes", "subagent lanes", 55.2],
        ["branching", "messageBranches", "conversation branches", 54.9],
        ["follow", "followRuns", "following other clients' runs", 54.2],
        ["components", "generativeUi, createComponentRegistry", "generative UI and the Tambo fold", 61.6],
        ["tool-arguments", "strictModeUndo", "strict-mode undo for client tools", 55.6],
        ["partial-args", "partialArgsParser", "tool arguments parsed while they stream", 57.3],
        ["legacy", "legacyProtocol", "retired protocol parts and older agents", 55.6],
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
    // 53.5 measured on 2026-12-03, generative UI, partial-JSON parsing and the retired protocol plug-ins, JSON Patch Threadline's own,
    // SSE read without eventsource-parser, the error-code list out of ThreadlineError (#18).
    budget: 54.3 * KB,
    side: "threadline",
  },
  "core-root": {
    title: "@threadline/core, every root export",
    code: `export * from "@threadline/core";\n`,
    // 77.2 on 2026-12-03: every plug-in (#18: attachments, lanes, branches, follow, generative UI, strict-mode undo, legacy protocol, with the chat's no-op stand-ins), foldEvents' untouched history. partial-JSON plug-in.
    budget: 78.0 * KB,
    side: "threadline",
  },
  // Each opt-in subpath alone: what importing it adds at most (shared parts counted again).
  ...Object.fromEntries(
    // Budgets: the figures of 2026-12-02 (after #23 attachments, subagents and capabilities, #19 follow mode; chat and run after the #18 plug-ins) with a little room, so growth is a decision, not drift;
    // chat, pipeline and transport at 2026-12-03's figures + 0.8 (the legacy plug-in, Threadline's own SSE reading).
    Object.entries({ persist: 10.5, json: 8.5, chat: 58.7, run: 44.5, model: 8.2, pipeline: 11.4, transport: 9.2 }).map(([sub, budget]) => [
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
