import { LazyPart } from "../lazy-part.js";
import type { ChatEngine, EngineInput } from "./engine.js";

/** Builds a chat's engine (`createChatEngine`). */
export type EngineFactory = (input: EngineInput) => ChatEngine;

/**
 * The chat's engine module, loaded with `import()` the first time a chat needs it (or prefetches
 * it): one load for every chat of the page, retried after a failure.
 */
export const ENGINE_MODULE = new LazyPart<EngineFactory>("the chat engine (chat/engine)", () => import("./engine.js").then((module) => module.createChatEngine));

/**
 * A plug-in the chat needs running from the moment it is made — `chatPersistence` (the stored
 * thread is read at once) and `followRuns` (the server is asked at once) — carries the engine's
 * factory itself, so the chat builds its engine synchronously, as before; its app loads the engine
 * with the plug-in.
 */
export interface CarriesEngine {
  readonly engine?: EngineFactory;
}

/** The engine factory a plug-in among `plugins` carries, if one does. */
export function carriedEngine(...plugins: readonly unknown[]): EngineFactory | undefined {
  for (const plugin of plugins) {
    const engine = (plugin as CarriesEngine | null | undefined)?.engine;
    if (typeof engine === "function") return engine;
  }
  return undefined;
}

/** Runs `task` when the page is idle (soon after, where there is no idle callback: Node, SSR, Safari). */
export function whenIdle(task: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (task: () => void, options: { timeout: number }) => unknown }).requestIdleCallback;
  if (typeof idle === "function") idle(task, { timeout: 2000 });
  else setTimeout(task, 0);
}
