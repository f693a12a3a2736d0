// Timing and allocation measurement. Each sample gets a fresh set-up (untimed), then the timed
// body, timed on the process's CPU clock; one full collection before a round-robin starts, none
// between its samples (see `sample`). Medians, never means: one GC pause or a noisy neighbour on a
// shared machine moves a mean, not a median.
import { PerformanceObserver } from "node:perf_hooks";

export interface Trial {
  /** The timed part. */
  run(): void | Promise<void>;
  /** Untimed: throws when the lane's result is wrong, so a broken lane never reports a number. */
  verify(): void;
}

export type Setup = () => Trial | Promise<Trial>;

export interface Timing {
  /** Median CPU time of one sample, in milliseconds (see `sample`). */
  medianMs: number;
  /** Number of measured samples (warm-up excluded). */
  samples: number;
  /**
   * Each measured sample's CPU time (ms), in the order taken. Set-ups timed together take their
   * k-th samples in the same round, so two lanes' k-th samples are a pair taken moments apart.
   */
  times: number[];
}

export interface TimingOptions {
  /** Warm-up samples, discarded. */
  warmup: number;
  /** At least this many measured samples… */
  minSamples: number;
  /** …and more, until the measured samples add up to this many milliseconds… */
  minTotalMs: number;
  /** …but never more than this many. */
  maxSamples: number;
}

export const FULL: TimingOptions = { warmup: 2, minSamples: 5, minTotalMs: 200, maxSamples: 50 };
export const QUICK: TimingOptions = { warmup: 0, minSamples: 1, minTotalMs: 0, maxSamples: 1 };

/**
 * How a workload runs. "full": every size, timed (`pnpm bench`). "quick": each lane once at the
 * smallest size (`--quick`, a smoke test). "tiny": each lane once on inputs a few times smaller
 * still, every lane's result checked: the test command's proof that every workload works, not a
 * timing.
 */
export type Mode = "full" | "quick" | "tiny";

export function timingFor(mode: Mode): TimingOptions {
  return mode === "full" ? FULL : QUICK;
}

type GcOptions = { type: "major"; execution: "sync"; flavor: "last-resort" };
const exposedGc = (globalThis as { gc?: (options?: GcOptions) => void }).gc;

/**
 * A full, synchronous, "last resort" collection. A plain gc() leaves sweeping to run concurrently
 * afterwards, and the timed body then pays for sweeping in proportion to the heap: the
 * 5,000-message lanes looked up to 2.6× slower than the 10-message ones for that reason alone.
 * The last-resort flavour finishes its work before returning.
 */
function gc(): void {
  if (!exposedGc) throw new Error("run the bench with node --expose-gc (pnpm bench does)");
  exposedGc({ type: "major", execution: "sync", flavor: "last-resort" });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One sample: the CPU time the process spent in the body (`process.cpuUsage`), not its wall time.
 * On a shared machine the wall clock also counts the time other processes held the core, and it
 * fell unevenly on the lanes: a 0.5 ms body was preempted far more often than a 25 µs one, so
 * under a load of 8–13 on 2 cores the ratios the targets read (Threadline ÷ floor, 5,000 prior
 * ÷ 10 prior) moved 2–13× while the code did not change. The process's own clock charges only its
 * work (and what contention does to its caches), as the browser workloads read the page's
 * main-thread clock from the trace. (`process.threadCpuUsage` would leave V8's helper threads out,
 * but Linux advances a running thread's clock only at scheduler ticks: a 300 µs body read 0.)
 */
async function sample(setup: Setup): Promise<number> {
  const trial = await setup();
  // No collection is forced here. A GC between the set-up and the body collects the previous
  // sample's thread, and V8 then throws away the optimised code that had embedded its objects
  // ("embedded weak objects cleared"): every body re-ran part of its path unoptimised while V8
  // recompiled it. W1's plan, 10 prior, one process each way, load 3–5:
  // with a forced collection before each body 451 invalidations, 1,675 compilations, Threadline
  // 2.9–3.9 µs per delta (7.9 ms user CPU per 2,000-delta body), the floor s += delta 0.09–0.11;
  // with none 0 of those invalidations, 857 compilations, Threadline 0.21–0.30 µs, floor 0.02.
  // A minor GC did the same as a full one. Collections the body's own allocations trigger still
  // fall inside it, so the cost of the garbage an event makes stays with the event.
  // Sleep before the timed body, so it starts on a fresh time slice (a body preempted still
  // loses its caches, which the CPU clock does charge).
  await sleep(1);
  const start = process.cpuUsage();
  const pending = trial.run();
  if (pending !== undefined) await pending;
  const used = process.cpuUsage(start);
  trial.verify();
  return (used.user + used.system) / 1000;
}

/**
 * Times several set-ups round-robin: one sample of each in turn, until each has its warm-up, its
 * minimum samples and its minimum total time. Interleaving spreads any drift of a shared machine
 * (another process waking up, CPU frequency) over every lane alike, so ratios between lanes and
 * between sizes stay honest. A set-up whose trial throws is dropped and reported as its Error.
 */
export async function timeAll(setups: readonly Setup[], options: TimingOptions): Promise<(Timing | Error)[]> {
  // The heap the last group or workload step left (hundreds of MB after @ag-ui/client's runs) is
  // collected once, before the warm-up samples: those re-optimise whatever this collection threw away.
  gc();
  const jobs = setups.map((setup) => ({ setup, warm: 0, times: [] as number[], total: 0, error: undefined as Error | undefined }));
  const done = (job: (typeof jobs)[number]) =>
    job.error !== undefined ||
    (job.warm >= options.warmup &&
      (job.times.length >= options.maxSamples ||
        (job.times.length >= options.minSamples && job.total >= options.minTotalMs)));
  for (let pending = jobs.filter((j) => !done(j)); pending.length > 0; pending = jobs.filter((j) => !done(j))) {
    for (const job of pending) {
      try {
        const ms = await sample(job.setup);
        if (job.warm < options.warmup) job.warm++;
        else {
          job.times.push(ms);
          job.total += ms;
        }
      } catch (error) {
        job.error = error instanceof Error ? error : new Error(String(error));
      }
    }
  }
  return jobs.map((job) => job.error ?? { medianMs: median(job.times), samples: job.times.length, times: job.times });
}

export async function time(setup: Setup, options: TimingOptions): Promise<Timing> {
  const [result] = await timeAll([setup], options);
  if (result instanceof Error) throw result;
  return result!;
}

/**
 * Bytes allocated by one trial's body: the growth of `heapUsed` across the body, valid only if
 * no GC ran meanwhile (garbage is then still on the heap, so growth = allocation). A
 * PerformanceObserver counts GCs; a window that saw one is discarded and reported as null. The
 * worker that calls this runs with a 64 MB young generation, so that windows are GC-free.
 */
export async function allocatedBytes(setup: Setup): Promise<number | null> {
  const trial = await setup();
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ["gc"] });
  gc();
  // GC entries arrive asynchronously: wait for the forced one before opening the window.
  for (let i = 0; i < 100 && collections === 0; i++) await sleep(1);
  collections = 0;
  const before = process.memoryUsage().heapUsed;
  const pending = trial.run();
  if (pending !== undefined) await pending;
  const after = process.memoryUsage().heapUsed;
  await sleep(20); // let any GC that ran inside the window report itself
  observer.disconnect();
  trial.verify();
  return collections === 0 ? after - before : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plain full GCs with a pause between, so finalizers and deferred frees have run. Not the
 * last-resort flavour: that one also drops V8's caches (compilation cache, feedback), which the
 * measured build then rebuilds and would be charged for (+7 MB on @ag-ui/client's lane).
 */
async function settle(): Promise<void> {
  if (!exposedGc) throw new Error("run the bench with node --expose-gc (pnpm bench does)");
  exposedGc();
  exposedGc();
  await sleep(10);
  exposedGc();
}

/** Heap still reachable after `build` returns, with its result held: GC before and after. */
export async function retainedBytes(build: () => Promise<unknown>): Promise<number> {
  await settle();
  const before = process.memoryUsage().heapUsed;
  const kept = await build();
  await settle();
  const after = process.memoryUsage().heapUsed;
  keepAlive(kept);
  return after - before;
}

let sink: unknown;
/** Stores a value where the optimiser cannot prove it unused. */
export function keepAlive(value: unknown): void {
  sink = value;
}
export function releaseKept(): void {
  sink = undefined;
}
