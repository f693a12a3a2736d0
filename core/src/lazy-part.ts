import { LazyLoadError } from "./transport/lazy-load-error.js";

/**
 * A part of Threadline loaded with `import()` when first needed (the chat's engine, HttpAgent's
 * exchange), so the page's first chunk does not carry it. One load at a time: callers share it;
 * once loaded the part is kept. A failed load rejects with `LazyLoadError` (naming the part) and
 * is forgotten, so the next `get()` tries again.
 */
export class LazyPart<T> {
  #loaded: T | undefined;
  #loading: Promise<T> | undefined;

  readonly #what: string;
  readonly #load: () => Promise<T>;
  /** `what`: the part, in words, for the error (e.g. "the chat engine"). */
  constructor(what: string, load: () => Promise<T>) {
    this.#what = what;
    this.#load = load;
  }

  /** The part, if it has been loaded. */
  get loaded(): T | undefined {
    return this.#loaded;
  }

  get(): Promise<T> {
    if (this.#loaded !== undefined) return Promise.resolve(this.#loaded);
    this.#loading ??= this.#start();
    return this.#loading;
  }

  #start(): Promise<T> {
    let started: Promise<T>;
    try {
      started = this.#load();
    } catch (cause) {
      started = Promise.reject(cause);
    }
    return started.then(
      (part) => {
        this.#loaded = part;
        this.#loading = undefined;
        return part;
      },
      (cause: unknown) => {
        this.#loading = undefined;
        throw new LazyLoadError(this.#what, cause);
      },
    );
  }
}
