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
    // 69.2 measured on 2026-12-02 after storage and presence became plug-ins (#18; attachments #23 included).
    budget: 74.5 * KB,
    side: "threadline",
  },
  // The opt-in capabilities on top of the Svelte quick start: the difference to it is their cost.
  "with-persistence": {
    title: "quick start, Svelte + chatPersistence + indexedDbStorage (opt-in storage and thread list)",
    // 74.9 measured: storage costs 5.7 KB, only to apps that import it.
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, chatPersistence, indexedDbStorage } from "@threadline/core";\n`,
    budget: 80.2 * KB,
    side: "threadline",
  },
  "with-presence": {
    title: "quick start, Svelte + broadcastPresence (opt-in multi-tab presence)",
    // 70.8 measured: presence costs 1.6 KB.
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, broadcastPresence } from "@threadline/core";\n`,
    budget: 76.2 * KB,
    side: "threadline",
  },
  "with-attachments": {
    title: "quick start, Svelte + chatAttachments (opt-in files in messages)",
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, chatAttachments } from "@threadline/core";\n`,
    budget: 76.2 * KB,
    side: "threadline",
  },
  "with-subagents": {
    title: "quick start, Svelte + subagentLanes (opt-in subagent lanes)",
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, subagentLanes } from "@threadline/core";\n`,
    budget: 76.2 * KB,
    side: "threadline",
  },
  "with-branching": {
    title: "quick start, Svelte + messageBranches (opt-in conversation branches)",
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, messageBranches } from "@threadline/core";\n`,
    budget: 76.2 * KB,
    side: "threadline",
  },
  "with-follow": {
    title: "quick start, Svelte + followRuns (opt-in following other clients' runs)",
    code: `export { createChat, StreamingText } from "@threadline/svelte";\nexport { HttpAgent, followRuns } from "@threadline/core";\n`,
    budget: 76.2 * KB,
    side: "threadline",
  },
  "quick-start-vue": {
    title: "Threadline quick start, Vue (useChat + StreamingText + HttpAgent)",
    code: `export { useChat, StreamingText } from "@threadline/vue";\nexport { HttpAgent } from "@threadline/core";\n`,
    budget: 75.2 * KB,
    side: "threadline",
  },
  "core-root": {
    title: "@threadline/core, every root export",
    code: `export * from "@threadline/core";\n`,
    budget: 83.5 * KB,
    side: "threadline",
  },
  // Each opt-in subpath alone: what importing it adds at most (shared parts counted again).
  ...Object.fromEntries(
    // Budgets: the figures of 2026-12-02 (after #23 attachments, subagents and capabilities, #19 follow mode) with a little room, so growth is a decision, not drift.
    Object.entries({ persist: 10.5, json: 8.5, chat: 72, run: 49.5, model: 8.2, pipeline: 14.4, transport: 14.6 }).map(([sub, budget]) => [
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
