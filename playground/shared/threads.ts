// The thread list. Each thread's messages and state are stored by the chat client itself
// (`persistence` with `indexedDbStorage`, keyed by thread id), and so is the list: core's
// `ThreadIndex`, kept up to date by the chat's saves. The app only adds, as the entry's `meta`,
// which backend and scenario the thread talks to.
import { indexedDbStorage, type PersistenceAdapter } from "@threadline/core";
import { ThreadIndex, type ThreadSummary } from "@threadline/core/persist";
import type { Backend } from "./config.js";

/** What the app stores with each thread's index entry. */
export interface ThreadMeta {
  readonly backend: Backend;
  readonly scenario: string;
  readonly variant: string | undefined;
}

/** One IndexedDB database for the chat records and the index. */
export const threadStorage: PersistenceAdapter = indexedDbStorage({ dbName: "threadline-playground", storeName: "threads" });

/** The one index every chat of the app writes to, so the sidebar sees each save. */
export const threadIndex = new ThreadIndex({
  adapter: threadStorage,
  onError: (error) => console.warn(`[playground] thread list: ${error.code}: ${error.message}`),
});

/** `persistence.threadMeta`: the entry's meta, as stored (no undefined values). */
export function metaRecord(meta: ThreadMeta): Record<string, unknown> {
  return { backend: meta.backend, scenario: meta.scenario, ...(meta.variant === undefined ? {} : { variant: meta.variant }) };
}

/** The meta of a listed thread; what is missing or malformed falls back to the scripted markdown scenario. */
export function metaOf(thread: ThreadSummary): ThreadMeta {
  const meta = thread.meta ?? {};
  return {
    backend: meta.backend === "mastra" ? "mastra" : "scripted",
    scenario: typeof meta.scenario === "string" ? meta.scenario : "markdown",
    variant: typeof meta.variant === "string" ? meta.variant : undefined,
  };
}

/** The title to show: the index's (the first user message), or a placeholder. */
export function titleOf(thread: ThreadSummary): string {
  return thread.title === "" ? "New conversation" : thread.title;
}

export function newThreadId(): string {
  return crypto.randomUUID();
}

/** "3 min ago" for the list. */
export function relativeTime(at: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "short" });
}
