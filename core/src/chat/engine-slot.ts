import { DEV } from "esm-env";
import { batch, signal, type ReadonlySignal } from "@preact/signals-core";
import { ThreadlineError } from "../errors.js";
import type { LazyLoadError } from "../transport/lazy-load-error.js";
import type { ChatEngine } from "./engine.js";
import { ENGINE_MODULE, type EngineFactory } from "./engine-load.js";
import type { TurnResult } from "./types.js";

/** A call waiting for the engine. */
interface Waiting {
  /** Starts a run (a message, a regeneration, an edit, a connect): the chat shows `submitted`. */
  readonly starts: boolean;
  /**
   * @internal A failed load is the chat's error (a turn, reading the stored thread), not only this call's;
   * and later changes of the thread wait behind it (a capabilities question holds nothing up).
   */
  readonly surfaces: boolean;
  run(engine: ChatEngine): void;
  fail(error: LazyLoadError): void;
  /** The chat was disposed before the engine came; `first`: the first waiting call that starts a run. */
  drop(first: boolean): void;
}

/**
 * A chat's engine (`ChatEngine`), or — until it has been loaded — the calls waiting for it, kept in
 * call order and run on it, in that order, the moment it arrives. Calls that start work (`turn`)
 * load it; a call that only changes the thread (`act`) runs on the engine when there is one,
 * waits behind the calls already waiting when there are some (so order holds), and otherwise acts
 * on the thread directly. Should the load fail, every waiting call settles with the
 * `LazyLoadError` (a turn resolves `failed`; a thread change is then made directly), the error is
 * the chat's until it is cleared, and the next call loads again.
 */
export class EngineSlot {
  readonly #engine = signal<ChatEngine | undefined>(undefined);
  /** Waiting calls that start a run. */
  readonly #starting = signal(0);
  readonly #loadError = signal<LazyLoadError | undefined>(undefined);
  #queue: Waiting[] = [];
  #arrival: Promise<ChatEngine | undefined> | undefined;
  #disposed = false;

  readonly #create: (factory: EngineFactory) => ChatEngine;
  readonly #report: (error: ThreadlineError) => void;
  /** `create` builds the chat's engine with the factory; `report` is the chat's `onError`. */
  constructor(create: (factory: EngineFactory) => ChatEngine, report: (error: ThreadlineError) => void) {
    this.#create = create;
    this.#report = report;
  }

  /** The engine, once it is there (a signal: the chat's signals read through it). */
  get engine(): ReadonlySignal<ChatEngine | undefined> {
    return this.#engine;
  }

  /** @internal How many waiting calls start a run. */
  get starting(): ReadonlySignal<number> {
    return this.#starting;
  }

  /** @internal Why the engine could not be loaded, until a later call clears it. */
  get loadError(): ReadonlySignal<LazyLoadError | undefined> {
    return this.#loadError;
  }

  get current(): ChatEngine | undefined {
    return this.#engine.peek();
  }

  get disposed(): boolean {
    return this.#engine.peek()?.disposed ?? this.#disposed;
  }

  /** @internal Stop, clear and the like end a failed turn's error, as the engine's halt does. */
  clearError(): void {
    this.#loadError.value = undefined;
  }

  /** @internal Builds the engine now, with a factory a plug-in brought along. */
  arriveNow(factory: EngineFactory): ChatEngine {
    return this.#arrive(factory) as ChatEngine;
  }

  /** @internal Starts loading the engine (the chat was made, or a call needs it); a failure is left to the calls that wait. */
  prefetch(): void {
    if (!this.#disposed && this.#engine.peek() === undefined) this.#load().catch(() => undefined);
  }

  /** A turn: on the engine, or queued until it arrives. Never rejects. */
  turn(starts: boolean, use: (engine: ChatEngine) => Promise<TurnResult>): Promise<TurnResult> {
    const engine = this.#engine.peek();
    if (engine !== undefined) return use(engine);
    if (this.#disposed) return Promise.resolve(starts ? { status: "skipped", reason: "disposed" } : { status: "cancelled" });
    return new Promise((resolve) => {
      this.#wait({
        starts,
        surfaces: true,
        run: (arrived) => void use(arrived).then(resolve),
        fail: (error) => resolve({ status: "failed", error }),
        drop: (first) => resolve(starts && !first ? { status: "skipped", reason: "disposed" } : { status: "cancelled" }),
      });
    });
  }

  /** A change of the thread: on the engine, behind the waiting calls, or `direct` now (after a failed load too). */
  act(use: (engine: ChatEngine) => void, direct: () => void): void {
    const engine = this.#engine.peek();
    if (engine !== undefined) return use(engine);
    if (this.#disposed) return;
    if (!this.#queue.some((waiting) => waiting.surfaces)) return direct();
    this.#queue.push({ starts: false, surfaces: true, run: use, fail: direct, drop: () => undefined });
  }

  /**
   * Something only the engine can answer (capabilities, the stored thread): `use` once it is there,
   * loading it. Rejects with the `LazyLoadError` if it cannot be loaded (`surfaces`: the chat's error
   * too); resolves `disposed` when the chat is disposed first.
   */
  when<T>(surfaces: boolean, use: (engine: ChatEngine) => T | Promise<T>, disposed: T): Promise<T> {
    const engine = this.#engine.peek();
    if (engine !== undefined) return Promise.resolve(use(engine));
    if (this.#disposed) return Promise.resolve(disposed);
    return new Promise((resolve, reject) => {
      this.#wait({ starts: false, surfaces, run: (arrived) => resolve(use(arrived)), fail: reject, drop: () => resolve(disposed) });
    });
  }

  /** `dispose()` before the engine came: the waiting calls settle as a disposed chat's would; it is never built. */
  dispose(): void {
    this.#disposed = true;
    const queue = this.#take();
    let first = true;
    for (const waiting of queue) {
      waiting.drop(first);
      if (waiting.starts) first = false;
    }
  }

  #wait(waiting: Waiting): void {
    // A call after a failed load tries again: the error it left is no longer the chat's.
    if (waiting.surfaces) this.#loadError.value = undefined;
    this.#queue.push(waiting);
    if (waiting.starts) this.#starting.value++;
    this.#load().catch(() => undefined);
  }

  #load(): Promise<ChatEngine | undefined> {
    this.#arrival ??= ENGINE_MODULE.get().then(
      (factory) => this.#arrive(factory),
      (error: LazyLoadError) => {
        this.#arrival = undefined;
        this.#failed(error);
        throw error;
      },
    );
    return this.#arrival;
  }

  #arrive(factory: EngineFactory): ChatEngine | undefined {
    const existing = this.#engine.peek();
    if (existing !== undefined || this.#disposed) return existing;
    const engine = this.#create(factory);
    // One batch: the chat's signals go from `submitted` to the engine's without showing `idle` between.
    batch(() => {
      const queue = this.#take();
      this.#engine.value = engine;
      this.#loadError.value = undefined;
      for (const waiting of queue) this.#settle(() => waiting.run(engine));
    });
    return engine;
  }

  #failed(error: LazyLoadError): void {
    if (this.#queue.length === 0) return;
    const shown = this.#queue.some((waiting) => waiting.surfaces);
    batch(() => {
      const queue = this.#take();
      if (shown) this.#loadError.value = error;
      for (const waiting of queue) this.#settle(() => waiting.fail(error));
    });
    if (shown) this.#report(error);
  }

  /** A waiting call that throws now (a state updater, say) is reported; the others still run. */
  #settle(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.#report(ThreadlineError.from(error, DEV ? "A call made before the chat engine was loaded" : "early call"));
    }
  }

  #take(): Waiting[] {
    const queue = this.#queue;
    this.#queue = [];
    this.#starting.value = 0;
    return queue;
  }
}
