import { ThreadImpl, type ThreadOptions } from "../model/thread.js";
import { ThreadStoreImpl, type ThreadStore, type ThreadStoreOptions } from "../model/thread-store.js";
import type { Thread } from "../model/types.js";

/**
 * Every thread core creates — `createThread`, a ThreadStore's, a RunLoop's or a ChatClient's own —
 * comes from `makeThread`. (The generative-UI plug-in installs the Tambo fold's claims itself.)
 */
export function makeThread(options: ThreadOptions = {}): ThreadImpl {
  return new ThreadImpl(options);
}

export function createThread(options?: ThreadOptions): Thread {
  return makeThread(options);
}

export function createThreadStore(options: ThreadStoreOptions = {}): ThreadStore {
  return new ThreadStoreImpl(options, makeThread);
}
