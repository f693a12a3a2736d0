import { ThreadImpl, type ThreadOptions } from "../model/thread.js";
import { ThreadStoreImpl, type ThreadStore, type ThreadStoreOptions } from "../model/thread-store.js";
import type { Thread } from "../model/types.js";
import { installTamboEvents } from "./tambo-components.js";

/**
 * Threads are made here, on the fold side, because `tamboEvents: true` means installing the fold's
 * Tambo claims on the new thread, and the model does not import the fold (the fold imports the
 * model). Every thread core creates — `createThread`, a ThreadStore's, a RunLoop's or a
 * ChatClient's own — comes from `makeThread`.
 */
export function makeThread(options: ThreadOptions = {}): ThreadImpl {
  const { tamboEvents, ...rest } = options;
  return new ThreadImpl(tamboEvents === true ? { ...rest, customFolds: installTamboEvents } : rest);
}

export function createThread(options?: ThreadOptions): Thread {
  return makeThread(options);
}

export function createThreadStore(options: ThreadStoreOptions = {}): ThreadStore {
  return new ThreadStoreImpl(options, makeThread);
}
