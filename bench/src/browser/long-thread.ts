// Issue 44 in `pnpm bench:browser` (`--workloads=long`): a thread that already holds 100,000
// messages, on the same pages side by side — Threadline Svelte and Vue with <ThreadWindow>, the
// same pages drawing every message, @ai-sdk/svelte and @ai-sdk/vue, and the hand-written floor:
//   load   the messages into the chat's model alone (what a snapshot or storage hands the page):
//          time, and heap the model keeps;
//   mount  the page over that model until it is drawn and painted: time (wall and main-thread
//          CPU), and heap kept beyond the model;
//   stream 2,000 deltas into a new answer (the pages drawing every message fewer), JS per delta
//          against the floor's (W4's method). The
//          floor here writes only the last rows (floor-window): the whole list written by hand
//          lays out 100,000 items for every token (tens of ms of main thread each), no floor;
//          it is mounted for the table, not streamed into;
//   fling  a CDP scroll gesture from the bottom to the top and back: the longest main-thread
//          task, and the share of frames that took over 16 ms.
// Pages that draw every message take seconds to mount 100,000 of them: they get one run of each.
import type { CDPSession, Page } from "playwright-core";
import { formatNumber } from "../table.js";
import { LANE_TITLES, WINDOW_LANES, type LaneName } from "./build.js";
import type { MountCheck } from "./mount.js";
import { MOUNT_END_MARK, MOUNT_START_MARK, type StreamResult } from "./pages/protocol.js";
import { median, summarise, type Row, type Sample } from "./report.js";
import { analyseWindow, traced, type TraceEvent } from "./trace.js";

export const LONG_PRIORS = 100_000;
/** Deltas the @ai-sdk pages stream at 100,000 messages: each one re-renders the whole list (W4's 2,000 would take hours). */
export const AI_SDK_DELTAS = 20;
/**
 * Deltas the Threadline pages drawing every message stream at 100,000 messages: a token costs
 * them little JS, but each frame lays out a list of 100,000 items (2,000 took ten minutes).
 */
export const FULL_LIST_DELTAS = 200;
const DELTAS = 2000;
/** The gesture's speed, px/s: the whole thread in a couple of seconds, every frame a new screenful. */
const FLING_SPEED = 4_000_000;
const FRAME_MARK = "w4-frame";
const FLING_START = "w4-fling-start";
const FLING_END = "w4-fling-end";

/** The lanes of this workload, in table order. */
export const LONG_LANES: readonly LaneName[] = ["threadline-svelte-window", "threadline-vue-window", "threadline-svelte", "threadline-vue", "ai-sdk-svelte", "ai-sdk-vue", "floor", "floor-window"];
/** The lanes the fling runs on. */
const FLING_LANES: readonly LaneName[] = WINDOW_LANES;
/** The floor streaming is measured against. */
const FLOOR: LaneName = "floor-window";

export interface LongPage {
  readonly page: Page;
  readonly session: CDPSession;
}

export interface LoadMountRow {
  readonly lane: LaneName;
  readonly priors: number;
  readonly samples: number;
  /** Median time to build the chat's model over the messages, ms (page clock). */
  readonly loadMs: number;
  /** Median heap the model keeps, MB (10^6 bytes): V8 heap, ArrayBuffer backing stores and the DOM's heap. */
  readonly modelMb: number;
  /** Median time from the mount call until drawn and painted, ms (page clock). */
  readonly mountMs: number;
  /** Median main-thread CPU time of the same window, ms (traced mounts of their own). */
  readonly mountCpuMs: number;
  /** Median heap the mounted page keeps beyond the model, MB (the same three). */
  readonly viewMb: number;
}

export interface FlingRow {
  readonly lane: LaneName;
  readonly priors: number;
  /** The gesture's distance both ways, px. */
  readonly distancePx: number;
  readonly frames: number;
  /** Frames whose main-thread CPU time went over 16 ms, of all frames. */
  readonly framesOver16CpuShare: number;
  /** Frames more than 16.7 ms after the one before on the wall clock (which counts other processes' time). */
  readonly framesOver16WallShare: number;
  /** The longest main-thread task, CPU ms, and the same task on the wall clock. */
  readonly longestTaskMs: number;
  readonly longestTaskWallMs: number;
  /** Tasks over 50 ms of CPU. */
  readonly longTasks: number;
}

export interface LongThreadResults {
  readonly priors: number;
  readonly loadMount: readonly LoadMountRow[];
  readonly stream: readonly Row[];
  readonly fling: readonly FlingRow[];
  readonly checks: readonly MountCheck[];
}

type Log = (line: string) => void;

/**
 * What the page keeps, after two full garbage collections: V8's used heap, the ArrayBuffers'
 * backing stores (the window's typed arrays of row heights live there, not in the V8 heap) and
 * Blink's heap (the DOM). (The mount measure of issue 18 reads the V8 heap alone.)
 */
async function usedHeap(session: CDPSession): Promise<number> {
  await session.send("HeapProfiler.collectGarbage");
  await session.send("HeapProfiler.collectGarbage");
  const usage = (await session.send("Runtime.getHeapUsage")) as { usedSize: number; backingStorageSize?: number; embedderHeapUsedSize?: number };
  return usage.usedSize + (usage.backingStorageSize ?? 0) + (usage.embedderHeapUsedSize ?? 0);
}

/** Pages that draw every message: seconds to mount, one run of each measure. */
const slow = (lane: LaneName): boolean => !WINDOW_LANES.includes(lane) && lane !== FLOOR;

/** How many deltas a lane streams at 100,000 messages. */
const deltasOf = (lane: LaneName): number => (lane.startsWith("ai-sdk") ? AI_SDK_DELTAS : slow(lane) ? FULL_LIST_DELTAS : DELTAS);

export async function runLongThread(pages: ReadonlyMap<LaneName, LongPage>, options: { priors: number; runs: number }, log: Log): Promise<LongThreadResults> {
  const { priors, runs } = options;
  const lanes = LONG_LANES.filter((lane) => pages.has(lane));
  const failures = new Map<LaneName, string>();
  const attempt = async (lane: LaneName, what: string, body: (page: LongPage) => Promise<void>): Promise<void> => {
    if (failures.has(lane)) return;
    const begun = Date.now();
    try {
      await pages.get(lane)!.page.bringToFront();
      await body(pages.get(lane)!);
      if (process.env["W4_VERBOSE"]) log(`  ${lane}: ${what} in ${Date.now() - begun} ms`);
    } catch (error) {
      const reason = `${what}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
      failures.set(lane, reason);
      log(`✗ ${lane} at ${priors} messages, ${reason}`);
    }
  };

  // Load and mount of the windowed pages and floor-window: a warm-up, then rounds (round-robin):
  // untraced for the time and heap, traced again for the main thread's CPU time.
  const measured = new Map<LaneName, { load: number[]; model: number[]; mount: number[]; view: number[]; cpu: number[] }>();
  for (const lane of lanes) measured.set(lane, { load: [], model: [], mount: [], view: [], cpu: [] });
  const rounded = lanes.filter((lane) => !slow(lane));
  for (let round = 0; round < runs; round++) {
    for (const lane of rounded) {
      await attempt(lane, "load and mount", async ({ page, session }) => {
        const m = measured.get(lane)!;
        if (round === 0) {
          // Warm-up: the code compiled and the workload generated, outside the figures.
          await page.evaluate((n) => window.w4.load(n), priors);
          await page.evaluate(() => window.w4.mountLoaded());
        }
        await page.evaluate(() => window.w4.teardown());
        const before = await usedHeap(session);
        m.load.push(await page.evaluate((n) => window.w4.load(n), priors));
        const loaded = await usedHeap(session);
        m.mount.push(await page.evaluate(() => window.w4.mountLoaded()));
        const mounted = await usedHeap(session);
        m.model.push((loaded - before) / 1e6);
        m.view.push((mounted - loaded) / 1e6);
        await page.evaluate(() => window.w4.teardown());
        await page.evaluate((n) => window.w4.load(n), priors);
        await session.send("HeapProfiler.collectGarbage");
        const { events } = await traced(session, () => page.evaluate(() => window.w4.mountLoaded()));
        m.cpu.push(analyseWindow(events, MOUNT_START_MARK, MOUNT_END_MARK).mainUs / 1000);
        await page.evaluate(() => window.w4.teardown());
      });
    }
    log(`✓ long thread: load and mount, round ${round + 1}/${runs}`);
  }

  // Streaming into the windowed pages and floor-window: W4's method (a warm-up, then rounds).
  const samples = new Map<string, Sample[]>();
  const key = (lane: LaneName, mode: string) => `${lane}|${mode}`;
  const sample = (lane: LaneName, mode: string, times: ReturnType<typeof analyseWindow>, result: StreamResult): void => {
    if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
    const list = samples.get(key(lane, mode)) ?? [];
    list.push({ ...times, keys: result.counts.keys, renders: result.counts.renders });
    samples.set(key(lane, mode), list);
  };
  const stream = async (lane: LaneName, mode: "paced" | "burst", timed: boolean): Promise<void> => {
    await attempt(lane, `streaming (${mode})`, async ({ page, session }) => {
      await page.evaluate((n) => window.w4.setup(n, false), priors);
      await session.send("HeapProfiler.collectGarbage");
      const run = (): Promise<StreamResult> => page.evaluate((m) => window.w4.stream(m), mode);
      if (!timed) {
        const result = await run();
        if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
        return;
      }
      const { result, events } = await traced(session, run);
      sample(lane, mode, analyseWindow(events), result);
    });
  };
  for (const lane of rounded) for (const mode of ["paced", "burst"] as const) await stream(lane, mode, false);
  for (let round = 1; round <= runs; round++) {
    for (const lane of rounded) for (const mode of round % 2 === 0 ? (["burst", "paced"] as const) : (["paced", "burst"] as const)) await stream(lane, mode, true);
    log(`✓ long thread: streaming, round ${round}/${runs}`);
  }

  // The pages drawing every message take seconds (minutes on a loaded machine) to mount 100,000:
  // each is loaded and mounted once, traced (the wall clock and the CPU time of one mount), then
  // streamed into on the same page, paced only, over the first FULL_LIST_DELTAS deltas
  // (AI_SDK_DELTAS for the @ai-sdk pages).
  // The whole floor is mounted for the table, not streamed into (see the top of this file).
  for (const lane of lanes.filter(slow)) {
    await attempt(lane, "load, mount and stream", async ({ page, session }) => {
      const m = measured.get(lane)!;
      // The workload generated (and the load's code compiled) before the heap is read, as the
      // windowed pages' warm-up does: the model's heap is the model's, not the 100,000 messages'.
      await page.evaluate((n) => window.w4.load(n), priors);
      await page.evaluate(() => window.w4.teardown());
      const before = await usedHeap(session);
      m.load.push(await page.evaluate((n) => window.w4.load(n), priors));
      const loaded = await usedHeap(session);
      const { result: mountMs, events } = await traced(session, () => page.evaluate(() => window.w4.mountLoaded()));
      m.mount.push(mountMs);
      m.cpu.push(analyseWindow(events, MOUNT_START_MARK, MOUNT_END_MARK).mainUs / 1000);
      const mounted = await usedHeap(session);
      m.model.push((loaded - before) / 1e6);
      m.view.push((mounted - loaded) / 1e6);
      if (lane !== "floor") {
        await page.evaluate(() => window.w4.begin());
        await session.send("HeapProfiler.collectGarbage");
        const count = deltasOf(lane);
        const streamed = await traced(session, () => page.evaluate((c) => window.w4.stream("paced", c), count));
        sample(lane, "paced", analyseWindow(streamed.events), streamed.result);
      }
      await page.evaluate(() => window.w4.teardown());
    });
  }
  const loadMount: LoadMountRow[] = [];
  for (const lane of lanes) {
    const m = measured.get(lane)!;
    if (failures.has(lane) || m.mount.length === 0) continue;
    loadMount.push({
      lane,
      priors,
      samples: m.mount.length,
      loadMs: median(m.load),
      modelMb: median(m.model),
      mountMs: median(m.mount),
      mountCpuMs: median(m.cpu),
      viewMb: median(m.view),
    });
  }
  const streamRows: Row[] = [];
  for (const lane of lanes) {
    for (const mode of ["paced", "burst"] as const) {
      const list = samples.get(key(lane, mode));
      if (list === undefined || list.length === 0) {
        if (failures.has(lane) && mode === "paced") streamRows.push({ lane, priors, mode, status: "failed", reason: failures.get(lane)! });
        continue;
      }
      const count = deltasOf(lane);
      // The floor's rounds, scaled to this lane's delta count (its ratio is per delta).
      const floor = lane === FLOOR ? undefined : samples.get(key(FLOOR, mode))?.map((s) => ({ ...s, scriptUs: (s.scriptUs * count) / DELTAS }));
      streamRows.push(summarise(lane, priors, mode, list, floor, count, Number.NaN));
    }
  }

  // The fling, on the page as the last stream left it (mounted, the answer in).
  const fling: FlingRow[] = [];
  for (const lane of lanes.filter((l) => FLING_LANES.includes(l))) {
    await attempt(lane, "fling", async ({ page, session }) => {
      await page.evaluate((n) => window.w4.setup(n, false), priors);
      await session.send("HeapProfiler.collectGarbage");
      fling.push(await flingOnce(lane, priors, page, session));
    });
  }
  log("✓ long thread: fling");

  const results = { priors, loadMount, stream: streamRows, fling, checks: [] as MountCheck[] };
  return { ...results, checks: longThreadChecks(results, lanes) };
}

/** Where the page scrolls: the window's scroller, else the document. */
function scrollState(page: Page): Promise<{ top: number; height: number; client: number }> {
  return page.evaluate(() => {
    const scroller = document.querySelector(".tl-thread-window-scroller") ?? document.scrollingElement!;
    return { top: scroller.scrollTop, height: scroller.scrollHeight, client: scroller.clientHeight };
  });
}

async function flingOnce(lane: LaneName, priors: number, page: Page, session: CDPSession): Promise<FlingRow> {
  const start = await scrollState(page);
  if (start.height - start.top - start.client > 2) throw new Error("the page was not at its bottom before the fling");
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  let distance = 0;
  const gesture = async (up: boolean): Promise<void> => {
    // Heights measured on the way change the total: gestures until the end is reached.
    for (let attempt = 0; attempt < 6; attempt++) {
      const state = await scrollState(page);
      const left = up ? state.top : state.height - state.client - state.top;
      if (left <= 1) return;
      distance += left;
      await session.send("Input.synthesizeScrollGesture", {
        x: Math.round(viewport.width / 2),
        y: Math.round(viewport.height / 2),
        yDistance: up ? Math.ceil(left) : -Math.ceil(left),
        speed: FLING_SPEED,
        gestureSourceType: "mouse",
      } as never);
    }
    throw new Error(`the fling did not reach the ${up ? "top" : "bottom"}`);
  };
  const { events } = await traced(session, async () => {
    // A mark each frame until the fling ends. (A string: the bench runs under tsx, whose named
    // functions would reach the page wrapped in a helper it does not have.)
    await page.evaluate(`(() => {
      performance.clearMarks();
      performance.mark(${JSON.stringify(FLING_START)});
      window.flinging = true;
      window.flingTick = () => {
        performance.mark(${JSON.stringify(FRAME_MARK)});
        if (window.flinging) requestAnimationFrame(window.flingTick);
      };
      requestAnimationFrame(window.flingTick);
    })()`);
    await gesture(true);
    const top = await page.evaluate(() => document.querySelector('[aria-posinset="1"]') !== null || (document.querySelector("li") !== null && document.scrollingElement!.scrollTop === 0));
    if (!top) throw new Error("at the top of the fling, the first message is not drawn");
    await gesture(false);
    await page.evaluate(
      (end) =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            (window as unknown as { flinging: boolean }).flinging = false;
            performance.mark(end);
            resolve();
          }),
        ),
      FLING_END,
    );
  });
  return { lane, priors, distancePx: distance, ...flingFrames(events) };
}

/** Frames and tasks between the fling's marks, on the page's main thread. */
export function flingFrames(events: readonly TraceEvent[]): Omit<FlingRow, "lane" | "priors" | "distancePx"> {
  const span = analyseWindow(events, FLING_START, FLING_END);
  const marks = events.filter((e) => e.cat.includes("blink.user_timing") && e.name === FRAME_MARK && e.tts !== undefined).sort((a, b) => a.ts - b.ts);
  const main = marks[0];
  const tasks = events.filter(
    (e): e is TraceEvent & { dur: number; tts: number; tdur: number } =>
      main !== undefined && e.pid === main.pid && e.tid === main.tid && e.name === "RunTask" && e.ph === "X" && e.dur !== undefined && e.tts !== undefined && e.tdur !== undefined,
  );
  let overCpu = 0;
  let overWall = 0;
  for (let i = 1; i < marks.length; i++) {
    const [from, to] = [marks[i - 1]!, marks[i]!];
    if (to.ts - from.ts > 16_700) overWall++;
    let busy = 0;
    for (const task of tasks) {
      const a = Math.max(from.tts!, task.tts);
      const b = Math.min(to.tts!, task.tts + task.tdur);
      if (b > a) busy += b - a;
    }
    if (busy > 16_000) overCpu++;
  }
  const frames = Math.max(0, marks.length - 1);
  const inWindow = tasks.filter((t) => t.ts >= (marks[0]?.ts ?? 0) && t.ts <= (marks.at(-1)?.ts ?? 0));
  return {
    frames,
    framesOver16CpuShare: frames === 0 ? 0 : overCpu / frames,
    framesOver16WallShare: frames === 0 ? 0 : overWall / frames,
    longestTaskMs: span.longestTaskUs / 1000,
    longestTaskWallMs: span.longestTaskWallUs / 1000,
    longTasks: inWindow.filter((t) => t.tdur > 50_000).length,
  };
}

/**
 * Issue 44's targets at 100,000 messages, for each windowed page. Gated: the mount's main-thread
 * CPU time (≤ 50 ms; its wall clock, which on a shared machine also counts other processes' time,
 * is reported beside it), the heap kept beyond the model (≤ 5 MB), JS per streamed delta against
 * the floor (≤ 1.3×, paced) and the fling's longest task (≤ 50 ms of CPU). The share of frames
 * over 16 ms is reported.
 */
export function longThreadChecks(results: Pick<LongThreadResults, "priors" | "loadMount" | "stream" | "fling">, lanes: readonly LaneName[] = WINDOW_LANES): MountCheck[] {
  const checks: MountCheck[] = [];
  const count = results.priors.toLocaleString("en-US");
  const check = (name: string, measured: number | null, unit: string, pass: (m: number) => boolean, gated: boolean): void => {
    checks.push({ name, target: name, measured, unit, pass: measured !== null && pass(measured), detail: `issue 44: a thread of ${count} messages`, gated });
  };
  for (const lane of WINDOW_LANES) {
    if (!lanes.includes(lane)) continue;
    const title = LANE_TITLES[lane];
    const mount = results.loadMount.find((r) => r.lane === lane);
    const paced = results.stream.find((r) => r.lane === lane && r.mode === "paced");
    const fling = results.fling.find((r) => r.lane === lane);
    check(`${title}: mounts over ${count} messages in ≤ 50 ms of main-thread CPU`, mount?.mountCpuMs ?? null, " ms", (m) => m <= 50, true);
    check(`${title}: mounts over ${count} messages in ≤ 50 ms (wall clock; reported, not gated)`, mount?.mountMs ?? null, " ms", (m) => m <= 50, false);
    check(`${title}: heap kept beyond the thread's model ≤ 5 MB`, mount?.viewMb ?? null, " MB", (m) => m <= 5, true);
    check(`${title}: JS per delta ÷ hand-written floor (last rows only) ≤ 1.3 at ${count} messages (paced)`, paced?.status === "ok" ? paced.jsVsFloor : null, "×", (m) => m <= 1.3, true);
    check(`${title}: fling bottom → top → bottom, longest main-thread task ≤ 50 ms (CPU)`, fling?.longestTaskMs ?? null, " ms", (m) => m <= 50, true);
    check(`${title}: fling, share of frames over 16 ms of main-thread CPU (reported)`, fling?.framesOver16CpuShare ?? null, "", () => true, false);
  }
  return checks;
}

export function formatLongThread(results: LongThreadResults): string {
  const count = results.priors.toLocaleString("en-US");
  const n = (value: number): string => formatNumber(value);
  const lines = [
    `### Long thread (issue 44): ${count} messages already in the thread`,
    "",
    "| page | load into the model ms | model heap MB | mount ms (wall, until painted) | mount main-thread CPU ms | heap beyond the model MB | runs |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of results.loadMount) {
    lines.push(`| ${LANE_TITLES[row.lane]} | ${n(row.loadMs)} | ${n(row.modelMb)} | ${n(row.mountMs)} | ${n(row.mountCpuMs)} | ${n(row.viewMb)} | ${row.samples} |`);
  }
  lines.push(
    "",
    `Load: the chat's model built over the messages (Threadline: \`new ChatClient({ messages })\` with AG-UI messages; AI SDK: \`new Chat({ messages })\` with its UI messages; the floor: the plain \`Message[]\`). Mount: the page over that model, until drawn and the next frame painted. Heap: V8's used heap, ArrayBuffer backing stores and Blink's heap (the DOM), after two full GCs.`,
    "",
    `| page | mode | deltas | JS µs/delta | main thread µs/delta | DOM mutations/delta | longest block ms | JS ÷ floor | runs |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const row of results.stream) {
    if (row.status !== "ok") {
      lines.push(`| ${LANE_TITLES[row.lane]} | ${row.mode} | FAILED: ${row.reason} | | | | | | |`);
      continue;
    }
    const deltas = deltasOf(row.lane);
    const ratio = row.lane === FLOOR ? "1×" : row.jsVsFloor === null ? "–" : `${n(row.jsVsFloor)}×`;
    lines.push(
      `| ${LANE_TITLES[row.lane]} | ${row.mode} | ${deltas} | ${n(row.jsUsPerDelta)} | ${n(row.mainUsPerDelta)} | – | ${n(row.longestBlockMs)} | ${ratio} | ${row.samples} |`,
    );
  }
  lines.push(
    "",
    "| page | fling distance px | frames | frames over 16 ms (CPU) | frames over 16.7 ms (wall) | longest task ms (CPU) | longest task ms (wall) | tasks over 50 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const row of results.fling) {
    lines.push(
      `| ${LANE_TITLES[row.lane]} | ${n(row.distancePx)} | ${row.frames} | ${(row.framesOver16CpuShare * 100).toFixed(1)} % | ${(row.framesOver16WallShare * 100).toFixed(1)} % | ${n(row.longestTaskMs)} | ${n(row.longestTaskWallMs)} | ${row.longTasks} |`,
    );
  }
  lines.push("", `Fling: \`Input.synthesizeScrollGesture\` (mouse wheel, ${FLING_SPEED.toLocaleString("en-US")} px/s) from the bottom to the top and back, traced; a frame is the time between two requestAnimationFrame callbacks.`);
  return lines.join("\n");
}
