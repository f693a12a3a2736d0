// The mount measure of `pnpm bench:browser` (issue 18): how long each page takes to mount a chat
// that already holds N messages (until every list item is in the DOM), and how much heap that
// mounted chat keeps (used JS heap after a forced GC, minus the same with nothing mounted). Beside
// the wall clock, the main thread's CPU time in the same window, from a trace of further mounts:
// the wall clock also counts the time other processes held the core, which on a shared machine
// moves the figure by tens of percent from run to run.
import type { CDPSession, Page } from "playwright-core";
import { formatNumber } from "../table.js";
import { LANE_TITLES, type LaneName } from "./build.js";
import { MOUNT_END_MARK, MOUNT_START_MARK } from "./pages/protocol.js";
import type { BrowserCheck } from "./report.js";
import { analyseWindow, traced } from "./trace.js";

export interface MountRow {
  readonly lane: LaneName;
  readonly priors: number;
  readonly samples: number;
  /** Median mount time, wall clock in the page (mount call → all items in the DOM). */
  readonly ms: number;
  /** Median heap kept by the mounted chat, in MB (10^6 bytes). */
  readonly heapMb: number;
  /**
   * Median main-thread CPU time in the mount window, in ms (thread clock of a traced mount: every
   * task, script, GC and any rendering a frame put in the window). Traced mounts of their own, so
   * the tracer's cost stays out of `ms`. Absent in results written before it was measured.
   */
  readonly cpuMs?: number;
  /** Median script CPU time (JS and the GC it causes) in the same traced mounts, in ms. */
  readonly scriptMs?: number;
  /** Median style, layout and paint CPU time in the same traced mounts, in ms. */
  readonly renderMs?: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function usedHeap(session: CDPSession): Promise<number> {
  await session.send("HeapProfiler.collectGarbage");
  await session.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await session.send("Runtime.getHeapUsage")) as { usedSize: number };
  return usedSize;
}

/** `runs` mounts of `priors` messages (after one untimed mount that warms the code and the workload). */
export async function measureMount(lane: LaneName, page: Page, session: CDPSession, priors: number, runs: number): Promise<MountRow> {
  const times: number[] = [];
  const heaps: number[] = [];
  await page.evaluate((n) => window.w4.setup(n, false), priors);
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => window.w4.teardown());
    const before = await usedHeap(session);
    times.push(await page.evaluate((n) => window.w4.setup(n, false), priors));
    heaps.push((await usedHeap(session)) - before);
  }
  const cpu: number[] = [];
  const script: number[] = [];
  const render: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.evaluate(() => window.w4.teardown());
    await session.send("HeapProfiler.collectGarbage");
    const { events } = await traced(session, () => page.evaluate((n) => window.w4.setup(n, false), priors));
    const times = analyseWindow(events, MOUNT_START_MARK, MOUNT_END_MARK);
    cpu.push(times.mainUs / 1000);
    script.push(times.scriptUs / 1000);
    render.push(times.renderUs / 1000);
  }
  await page.evaluate(() => window.w4.teardown());
  return {
    lane,
    priors,
    samples: runs,
    ms: median(times),
    heapMb: median(heaps) / 1e6,
    cpuMs: median(cpu),
    scriptMs: median(script),
    renderMs: median(render),
  };
}

export function formatMountTable(rows: readonly MountRow[]): string {
  const lines = [
    "### Mount (issue 18): a chat that already holds the messages, until every item is in the DOM",
    "",
    "| page | prior messages | mount ms (wall) | main-thread CPU ms | script CPU ms | rendering CPU ms | heap kept MB |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const cell = (ms: number | undefined): string => (ms === undefined ? "–" : formatNumber(ms));
  for (const row of rows) {
    lines.push(
      `| ${LANE_TITLES[row.lane]} | ${row.priors} | ${formatNumber(row.ms)} | ${cell(row.cpuMs)} | ${cell(row.scriptMs)} | ${cell(row.renderMs)} | ${formatNumber(row.heapMb)} |`,
    );
  }
  lines.push("", "Wall clock: untraced mounts (the targets read it). CPU: the page's main thread in the same window, in traced mounts of their own.");
  return lines.join("\n");
}

/** A mount target; `gated` ones fail `--check` when missed. */
export interface MountCheck extends BrowserCheck {
  readonly gated: boolean;
}

/**
 * Issue 18's mount targets at 1,000 prior messages. The heap figures are steady from run to run
 * and the mount ratios compare two lanes measured side by side, so those are gated. The Vue 35 ms
 * is an absolute wall-clock time: on a shared 2-core machine its median moved from 24 to 68 ms
 * between runs of the same build (the no-framework page's from 9 to 28 ms), so it is reported, not
 * gated. The issue set it against @ai-sdk/vue's 44 ms in the same harness: the gated Vue ratio,
 * ≤ 0.8, is that target read on any machine.
 */
/**
 * Two pages mounted in turn, round after round (one untimed mount of each first): the median of
 * the per-round ratios of their mounts' main-thread CPU time (traced, as `cpuMs`), `a` ÷ `b`. Two
 * pages that do nearly the same work are compared this way, as JS ÷ floor is: mounted one after the
 * other they share whatever the machine was doing, and the CPU clock leaves out the time other
 * processes held the core (on a loaded 2-core machine one page's wall-clock mount of 1,000
 * messages ranged from 6 to 80 ms within seconds).
 */
export async function pairedMountRatio(a: LanePage, b: LanePage, priors: number, rounds: number): Promise<number> {
  const ratios: number[] = [];
  for (const { page } of [a, b]) await page.evaluate((n) => window.w4.setup(n, false), priors);
  for (let round = 0; round < rounds; round++) {
    const cpu = new Map<LanePage, number>();
    for (const lane of round % 2 === 0 ? [a, b] : [b, a]) {
      // Only the front page runs its timers at full rate.
      await lane.page.bringToFront();
      await lane.page.evaluate(() => window.w4.teardown());
      await lane.session.send("HeapProfiler.collectGarbage");
      const { events } = await traced(lane.session, () => lane.page.evaluate((n) => window.w4.setup(n, false), priors));
      cpu.set(lane, analyseWindow(events, MOUNT_START_MARK, MOUNT_END_MARK).mainUs);
    }
    ratios.push(cpu.get(a)! / cpu.get(b)!);
    if (process.env["W4_VERBOSE"]) process.stderr.write(`  paired mount round ${round}: ${cpu.get(a)! / 1000} ÷ ${cpu.get(b)! / 1000} ms CPU\n`);
  }
  for (const { page } of [a, b]) await page.evaluate(() => window.w4.teardown());
  return median(ratios);
}

/** A page with its DevTools session. */
export interface LanePage {
  readonly page: Page;
  readonly session: CDPSession;
}

/** Figures measured for a target beside the mount rows. */
export interface PairedMounts {
  /** Issue 39: the runes page's mount ÷ the store page's, from `pairedMountRatio`. */
  readonly runesVsStores?: number;
}

/** The paired ratio two tabs of the same page read, at most, on a loaded machine (see mountChecks). */
const RUNES_MOUNT_NOISE = 1.15;

export function mountChecks(rows: readonly MountRow[], paired: PairedMounts = {}): MountCheck[] {
  const at = (lane: LaneName) => rows.find((r) => r.lane === lane && r.priors === 1000);
  const vue = at("threadline-vue");
  const aiVue = at("ai-sdk-vue");
  const svelte = at("threadline-svelte");
  const aiSvelte = at("ai-sdk-svelte");
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || !(b > 0) ? null : a / b);
  const checks: [string, number | null, string, (m: number) => boolean, boolean][] = [
    ["Threadline Vue mounts 1,000 messages in ≤ 35 ms (wall clock; reported, not gated)", vue?.ms ?? null, " ms", (m) => m <= 35, false],
    ["Threadline Vue mount ÷ @ai-sdk/vue mount ≤ 0.8 (35 ms against AI SDK's 44 ms when the issue was filed; 1,000 messages)", ratio(vue?.ms, aiVue?.ms), "×", (m) => m <= 0.8, true],
    ["Threadline Vue heap ÷ @ai-sdk/vue heap < 1 (1,000 messages)", ratio(vue?.heapMb, aiVue?.heapMb), "×", (m) => m < 1, true],
    ["Threadline Svelte mount ÷ @ai-sdk/svelte mount ≤ 1 (1,000 messages)", ratio(svelte?.ms, aiSvelte?.ms), "×", (m) => m <= 1, true],
    ["Threadline Svelte heap ÷ @ai-sdk/svelte heap ≤ 1 (1,000 messages)", ratio(svelte?.heapMb, aiSvelte?.heapMb), "×", (m) => m <= 1, true],
    // Issue 39's "no slower than the store page". The two Svelte pages differ in how the list is
    // read, not in what each message mounts, so they measure alike: on 2026-12-07 (load 14–16 on
    // the 2 cores) the store page against a second tab of itself read 0.94, 1.10 and 1.02, and the
    // runes page against it 1.09, 0.94, 0.93, 1.13, 1.02, 0.94. The gate sits above that noise:
    // a page that did more per message would read well over it.
    [`Threadline Svelte runes mount ÷ Threadline Svelte stores mount ≤ ${RUNES_MOUNT_NOISE} (issue 39: no slower, within the noise of the store page against itself; main-thread CPU, mounted in turn, median of per-round ratios; 1,000 messages)`, paired.runesVsStores ?? null, "×", (m) => m <= RUNES_MOUNT_NOISE, true],
  ];
  return checks.map(([target, measured, unit, pass, gated]) => ({
    name: target,
    target,
    measured,
    unit,
    pass: measured !== null && pass(measured),
    detail: "issue 18: mount at 1,000 prior messages",
    gated,
  }));
}
