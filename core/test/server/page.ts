// A page in the reload tests: its fetch and its storage, which stop at once when the page goes
// away (no last write, no DELETE, every open request aborted) — as a reload does. And the README
// quick start's chat on such a page.
import { ChatClient } from "../../src/chat/client.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";
import type { PersistenceAdapter } from "../../src/persist/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler } from "../../src/server/index.js";
import { serve, type Served } from "./support.js";

export interface Page {
  readonly fetch: typeof fetch;
  readonly storage: PersistenceAdapter;
  /** The page reloads (or closes): its connections and its storage go with it. */
  leave(): void;
}

export function page(storage: PersistenceAdapter, through: typeof fetch = fetch): Page {
  let gone = false;
  const controllers = new Set<AbortController>();
  return {
    fetch: ((url: RequestInfo | URL, init?: RequestInit) => {
      if (gone) return Promise.reject(new TypeError("the page is gone"));
      const controller = new AbortController();
      controllers.add(controller);
      init?.signal?.addEventListener("abort", () => controller.abort());
      return through(url, { ...init, signal: controller.signal });
    }) as typeof fetch,
    storage: {
      getItem: (key: string) => storage.getItem(key),
      setItem: (key: string, value: unknown) => (gone ? undefined : storage.setItem(key, value)),
      removeItem: (key: string) => (gone ? undefined : storage.removeItem(key)),
    } satisfies PersistenceAdapter,
    leave() {
      gone = true;
      for (const controller of controllers) controller.abort();
    },
  };
}

/** The quick start's chat: no thread id, a resumable HttpAgent, the thread kept with `open: "latest"`. The caller disposes it. */
export function quickStart(url: string, tab: Pick<Page, "fetch" | "storage">, extra: { index?: false } = {}): ChatClient {
  return new ChatClient({
    agent: new HttpAgent({ url, fetch: tab.fetch, resumable: true, reconnect: { baseDelayMs: 1, attempts: 2 } }),
    presence: false,
    persistence: chatPersistence({ adapter: tab.storage, open: "latest", ...extra }),
  });
}

/** "role: text" per message. */
export const texts = (messages: readonly Message[]): string[] => messages.map((m) => `${m.role}: ${typeof m.content === "string" ? m.content : ""}`);

export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A reload test's agent script (for a binding's test agent server): a text answer of `words` that
 * waits on `held` before its fifth word, so the page can be reloaded mid-answer.
 */
export function heldAnswer(words: readonly string[], held: Promise<void>) {
  return async ({ input, send, end }: { readonly input: RunAgentInput; send(event: object): Promise<void>; end(): void }): Promise<void> => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    for (const [i, delta] of words.entries()) {
      if (i === 4) await held;
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    }
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  };
}

/** The quick start's route on a real node:http server: Threadline's handler in front of `upstream`, which logs the run. */
export function quickStartRoute(upstream: string): Promise<Served> {
  return serve(createAgentHandler({ owner: "anonymous", upstream }), "/api/agent");
}
