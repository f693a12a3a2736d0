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
    // 54.5 measured on 2026-12-03 after attachments, subagent lanes, branches, follow mode, generative UI
    // (the Tambo fold, renderable tool calls), the partial-JSON parsing of tool arguments and the
    // retired protocol (legacyProtocol) became plug-ins, @ag-ui/core left the run-time imports, JSON
    // Patch became Threadline's own (no fast-json-patch), protobuf is lazy (its decoder's errors
    // staying in the entry chunk) and the error-code list left ThreadlineError (#18).
    budget: 55.3 * KB,
    side: "threadline",
  },
  // The opt-in capabilities on top of the Svelte quick start: the difference to it is their cost,
  // paid only by apps that import them. Budgets: the figures of 2026-12-03 (after partial-JSON parsing and the retired protocol became plug-ins) + 0.8.
  ...Object.fromEntries(
    (
      [
        ["persistence", "chatPersistence, indexedDbStorage", "storage and thread list", 60.8],
        ["presence", "broadcastPresence", "multi-tab presence", 56.8],
        ["attachments", "chatAttachments", "files in messages", 57.9],
        ["subagents", "subagentLanes", "subagent lanes", 56.9],
        ["branching", "messageBranches", "conversation branches", 56.6],
        ["follow", "followRuns", "following other clients' runs", 55.9],
        ["components", "generativeUi, createComponentRegistry", "generative UI and the Tambo fold", 63.3],
        ["tool-arguments", "strictModeUndo", "strict-mode undo for client tools", 57.3],
        ["partial-args", "partialArgsParser", "tool arguments parsed while they stream", 59.0],
        ["legacy", "legacyProtocol", "retired protocol parts and older agents", 57.3],
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
    // 55.2 measured on 2026-12-03, generative UI, partial-JSON parsing and the retired protocol plug-ins, JSON Patch Threadline's own,
    // the error-code list out of ThreadlineError (#18).
    budget: 56.0 * KB,
    side: "threadline",
  },
  "core-root": {
    title: "@threadline/core, every root export",
    code: `export * from "@threadline/core";\n`,
    // 78.6 on 2026-12-03: every plug-in (#18: attachments, lanes, branches, follow, generative UI, strict-mode undo, legacy protocol, partial-JSON, with the chat's no-op stand-ins), foldEvents' untouched history;
    // 79.5 once ChatClient became a facade over its engine (the step before loading the engine lazily, #18).
    budget: 79.9 * KB,
    side: "threadline",
  },
  // Each opt-in subpath alone: what importing it adds at most (shared parts counted again).
  ...Object.fromEntries(
    // Budgets: the figures of 2026-12-02 (after #23 attachments, subagents and capabilities, #19 follow mode; chat and run after the #18 plug-ins) with a little room, so growth is a decision, not drift;
    // chat, pipeline and transport at 2026-12-03's figures + 0.8 (the legacy plug-in; transport with eventsource-parser); chat + 0.5 for
    // ChatClient's facade over its engine (#18).
    Object.entries({ persist: 10.5, json: 8.5, chat: 59.2, run: 44.5, model: 8.2, pipeline: 11.4, transport: 10.2 }).map(([sub, budget]) => [
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
