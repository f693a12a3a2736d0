// The full-stack apps' server side keeps each thread it has seen, so a page can render a stored
// thread's history on the server. In memory, per server process: the playground's stand-in for a
// database.
import type { Message } from "@threadline/core";

export interface ServerThread {
  readonly threadId: string;
  readonly messages: readonly Message[];
  readonly state: unknown;
}

export class ServerThreads {
  readonly #threads = new Map<string, ServerThread>();

  get(threadId: string): ServerThread | undefined {
    return this.#threads.get(threadId);
  }

  save(thread: ServerThread): void {
    this.#threads.set(thread.threadId, thread);
  }
}

/** One store per server process, shared by every route module that imports it. */
export const serverThreads: ServerThreads = ((globalThis as { __threadlineServerThreads?: ServerThreads })
  .__threadlineServerThreads ??= new ServerThreads());
