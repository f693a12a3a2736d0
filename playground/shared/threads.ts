// The thread list. Each thread's messages and state are stored by the chat client itself
// (`persistence` with `indexedDbStorage`, keyed by thread id); this index only remembers which
// threads exist, what to call them and which backend and scenario they talk to.
import { indexedDbStorage, type PersistenceAdapter } from "@threadline/core";
import type { Backend } from "./config.js";

export interface ThreadEntry {
  readonly id: string;
  readonly title: string;
  readonly backend: Backend;
  readonly scenario: string;
  readonly variant: string | undefined;
  readonly updatedAt: number;
}

/** One IndexedDB database for the chat records and the index. */
export const threadStorage: PersistenceAdapter = indexedDbStorage({ dbName: "threadline-playground", storeName: "threads" });

/** The index's key; thread ids are UUIDs, so it never collides with a thread record. */
const INDEX_KEY = "playground:thread-index";

export async function loadThreads(): Promise<ThreadEntry[]> {
  try {
    const stored = await threadStorage.getItem(INDEX_KEY);
    return Array.isArray(stored) ? (stored as ThreadEntry[]).filter(isEntry).sort(byRecent) : [];
  } catch (error) {
    console.warn("The thread list could not be read:", error);
    return [];
  }
}

/** Adds or updates `entry` and returns the new list (newest first). */
export async function saveThread(entries: readonly ThreadEntry[], entry: ThreadEntry): Promise<ThreadEntry[]> {
  const next = [entry, ...entries.filter((e) => e.id !== entry.id)].sort(byRecent);
  await write(next);
  return next;
}

/** Removes the entry and the thread's stored record. */
export async function deleteThread(entries: readonly ThreadEntry[], id: string): Promise<ThreadEntry[]> {
  const next = entries.filter((e) => e.id !== id);
  await write(next);
  try {
    await threadStorage.removeItem(id);
  } catch (error) {
    console.warn(`The stored thread ${id} could not be removed:`, error);
  }
  return next;
}

/** A title from the first user message: one line, at most 48 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 48 ? `${line.slice(0, 47)}…` : line || "New conversation";
}

export function newThreadId(): string {
  return crypto.randomUUID();
}

async function write(entries: readonly ThreadEntry[]): Promise<void> {
  try {
    await threadStorage.setItem(INDEX_KEY, entries.map((e) => ({ ...e })));
  } catch (error) {
    console.warn("The thread list could not be saved:", error);
  }
}

function byRecent(a: ThreadEntry, b: ThreadEntry): number {
  return b.updatedAt - a.updatedAt;
}

function isEntry(value: unknown): value is ThreadEntry {
  const entry = value as Partial<ThreadEntry> | null;
  return typeof entry?.id === "string" && typeof entry.title === "string" && typeof entry.updatedAt === "number";
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
