// `pnpm bench:browser [--check] [--quick] [--runs=N] [--lanes=…] [--sizes=100,1000] [--profile=lane,priors,mode] [--no-minify] [--traces=DIR] [--workloads=w4,w6,mount,long]`
// W4: the same chat page built five ways with Vite (production build), served on 127.0.0.1,
// driven in Debian's Chromium; timing from a Chrome DevTools Protocol trace of each streaming
// window. Prints the tables, merges them into bench/results.json under `browser`, and with
// --check exits 1 when a target of issues 9, 10 and 12 is missed. Then W6 (markdown.ts): streaming
// markdown, Threadline's core/markdown against marked + DOMPurify, @incremark/core and
// svelte-streamdown (issue 20), merged under `markdown`. W4 ends with the mount measure (mount.ts,
// issue 18); `--workloads=mount` runs that alone, on the same pages. `long` (long-thread.ts, issue
// 44) loads, mounts, streams into and flings a 100,000-message thread on the same pages and the
// two with <ThreadWindow>, merged under `longThread`.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CDPSession, Page } from "playwright-core";
import { buildPages, LANE_TITLES, LANES, WINDOW_LANES, type LaneName } from "./build.js";
import { launchChromium } from "./chromium.js";
import type { Mode, StreamResult } from "./pages/protocol.js";
import { profiled, summariseBySource, type Profile } from "./profile.js";
import { evaluateBrowser, formatBrowserChecks, formatTable, summarise, type BrowserResults, type Row, type Sample } from "./report.js";
import { formatMountTable, measureMount, mountChecks, pairedMountRatio, type MountRow, type PairedMounts } from "./mount.js";
import { serveStatic } from "./serve.js";
import { analyseWindow, traced } from "./trace.js";
import { formatMarkdown, runMarkdownBench } from "./markdown.js";
import { formatLongThread, LONG_LANES, LONG_PRIORS, runLongThread } from "./long-thread.js";

const MODES: readonly Mode[] = ["paced", "burst"];
/** What `--profile` can record: a streaming window, or a mount (issue 18). */
const PROFILED = [...MODES, "mount"] as const;
const DELTAS = 2000;

const args = process.argv.slice(2);
const option = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string): boolean => args.includes(`--${name}`);
const known = ["check", "quick", "no-minify"];
const knownValued = ["runs", "lanes", "sizes", "profile", "traces", "workloads"];
const unknown = args.filter((a) => !known.includes(a.slice(2)) && !knownValued.some((n) => a.startsWith(`--${n}=`)));
const quick = flag("quick");
const checking = flag("check");
const runs = Number(option("runs") ?? (quick ? 1 : 5));
// The lanes the targets compare (the Threadline pages and the floors) take well under a second a
// run, so they get more rounds than the slow @ai-sdk lanes: their ratios are what --check gates.
const SLOW: readonly LaneName[] = ["ai-sdk-svelte", "ai-sdk-vue"];
const rounds = quick ? runs : 2 * runs + 1;
const warmups = quick ? 1 : 2;
const lanes = (option("lanes")?.split(",") ?? [...LANES]) as LaneName[];
const sizes = (option("sizes")?.split(",") ?? (quick ? ["100"] : ["100", "1000"])).map(Number);
const profileArg = option("profile")?.split(",");
const workloads = option("workloads")?.split(",") ?? ["w4", "w6", "long"];
if (
  unknown.length > 0 ||
  !(runs >= 1) ||
  lanes.some((l) => !LANES.includes(l)) ||
  sizes.some((s) => !(s >= 0)) ||
  workloads.some((w) => w !== "w4" && w !== "w6" && w !== "mount" && w !== "long") ||
  (profileArg && (profileArg.length !== 3 || !LANES.includes(profileArg[0] as LaneName) || !PROFILED.includes(profileArg[2] as (typeof PROFILED)[number])))
) {
  console.error(
    `usage: pnpm bench:browser [--check] [--quick] [--runs=N] [--lanes=${LANES.join(",")}] [--sizes=100,1000] [--profile=lane,priors,paced|burst|mount] [--no-minify] [--traces=DIR] [--workloads=w4,w6,mount,long]`,
  );
  process.exit(2);
}

const benchDir = fileURLToPath(new URL("../..", import.meta.url));
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const outDir = mkdtempSync(join(tmpdir(), "threadline-w4-pages-"));
log(`▸ building the five pages with Vite (production${flag("no-minify") ? ", not minified" : ""})…`);
try {
  // A profile's summary by source file reads the sourcemaps.
  await buildPages(outDir, !flag("no-minify"), profileArg !== undefined);
} catch (error) {
  // Vite's message carries the unresolved import or compile error and where it is.
  log(`✗ the pages did not build: ${error instanceof Error ? error.message : String(error)}`);
  rmSync(outDir, { recursive: true, force: true });
  process.exit(1);
}
const server = await serveStatic(outDir);
const chromium = await launchChromium();
log(`▸ Chromium ${chromium.version}, pages at ${server.url} (${elapsed()})`);

interface LanePage {
  readonly page: Page;
  readonly session: CDPSession;
  failure: string | undefined;
}
const pages = new Map<LaneName, LanePage>();
const samples = new Map<string, Sample[]>();
const mutations = new Map<string, number>();
const key = (lane: LaneName, priors: number, mode: Mode): string => `${lane}|${priors}|${mode}`;

let exitCode = 0;
try {
  const streaming = workloads.includes("w4");
  const long = workloads.includes("long");
  if (streaming || workloads.includes("mount") || long) {
    for (const lane of lanes) {
      const page = await chromium.context.newPage();
      const entry: LanePage = { page, session: await chromium.context.newCDPSession(page), failure: undefined };
      page.on("pageerror", (error) => {
        entry.failure ??= `page error: ${error.message}`;
      });
      await page.goto(`${server.url}${lane}/index.html`);
      await page.waitForFunction(() => window.w4 !== undefined, undefined, { timeout: 10_000 });
      pages.set(lane, entry);
    }
  }
  if (streaming || workloads.includes("mount")) {

    /** One run: set-up (untimed), then the stream; a wrong final DOM marks the lane failed. */
    const run = async (lane: LaneName, priors: number, mode: Mode, observe: boolean, timed: boolean): Promise<void> => {
      const entry = pages.get(lane)!;
      if (entry.failure) return;
      const begun = Date.now();
      try {
        // Only the front page is visible and gets frames at full rate; the others are throttled.
        await entry.page.bringToFront();
        await entry.page.evaluate(([n, o]) => window.w4.setup(n, o), [priors, observe] as const);
        // Garbage left by the set-up (and the previous run) is not charged to this window.
        await entry.session.send("HeapProfiler.collectGarbage");
        const stream = (): Promise<StreamResult> => entry.page.evaluate((m) => window.w4.stream(m), mode);
        if (!timed) {
          const result = await stream();
          if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
          if (observe) mutations.set(key(lane, priors, mode), result.counts.mutations);
          return;
        }
        const { result, events } = await traced(entry.session, stream);
        if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
        if (result.deltas !== DELTAS) throw new Error(`streamed ${result.deltas} deltas, expected ${DELTAS}`);
        const times = analyseWindow(events);
        const tracesDir = option("traces");
        if (tracesDir) writeFileSync(join(tracesDir, `${lane}-${priors}-${mode}-${Date.now()}.json`), JSON.stringify(events));
        const list = samples.get(key(lane, priors, mode)) ?? [];
        list.push({ ...times, keys: result.counts.keys, renders: result.counts.renders });
        samples.set(key(lane, priors, mode), list);
      } catch (error) {
        entry.failure ??= error instanceof Error ? error.message.split("\n")[0]! : String(error);
        log(`✗ ${lane} at ${priors} prior, ${mode}: ${entry.failure}`);
      } finally {
        if (process.env["W4_VERBOSE"]) log(`  ${lane} ${priors} ${mode}${observe ? " observed" : ""}${timed ? " timed" : ""}: ${Date.now() - begun} ms`);
      }
    };

    // Warm-up: the first run of each cell also counts DOM mutations (a MutationObserver costs
    // time, so the timed runs go without it) and checks the final DOM.
    for (const priors of streaming ? sizes : []) {
      for (const lane of lanes) {
        for (const mode of MODES) for (let w = 0; w < warmups; w++) await run(lane, priors, mode, w === 0, false);
      }
      log(`✓ warm-up and counting at ${priors} prior messages (${elapsed()})`);
    }
    // Timed runs, round-robin over lanes so drift on a shared machine falls on every lane alike.
    for (let round = 1; streaming && round <= rounds; round++) {
      for (const priors of sizes) {
        for (const lane of lanes) {
          if (round > runs && SLOW.includes(lane)) continue;
          for (const mode of round % 2 === 0 ? [...MODES].reverse() : MODES) await run(lane, priors, mode, false, true);
        }
      }
      log(`✓ round ${round}/${rounds} (${elapsed()})`);
    }

    // Mount: after the streaming rounds, so its forced GCs and heap reads do not touch them.
    const mountRows: MountRow[] = [];
    for (const priors of sizes) {
      for (const lane of lanes) {
        const entry = pages.get(lane)!;
        if (entry.failure) continue;
        try {
          await entry.page.bringToFront();
          mountRows.push(await measureMount(lane, entry.page, entry.session, priors, quick ? 1 : SLOW.includes(lane) ? runs : rounds));
        } catch (error) {
          log(`✗ mount of ${lane} at ${priors} prior: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
          exitCode = 1;
        }
      }
    }
    // Issue 39: the runes page against the store page, mounted in turn.
    let paired: PairedMounts = {};
    const stores = pages.get("threadline-svelte");
    const runesPage = pages.get("threadline-svelte-runes");
    if (sizes.includes(1000) && stores && runesPage && !stores.failure && !runesPage.failure) {
      try {
        paired = { runesVsStores: await pairedMountRatio(runesPage, stores, 1000, quick ? 1 : rounds) };
      } catch (error) {
        log(`✗ runes ÷ stores mount: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        exitCode = 1;
      }
    }
    log(`✓ mount measured (${elapsed()})`);

    if (profileArg) {
      const [lane, priors, what] = [profileArg[0] as LaneName, Number(profileArg[1]), profileArg[2] as (typeof PROFILED)[number]];
      const entry = pages.get(lane);
      if (!entry) throw new Error(`--profile: lane ${lane} is not among --lanes`);
      const file = join(tmpdir(), `w4-${lane}-${priors}-${what}.cpuprofile`);
      let summary = "";
      const recorded: Profile[] = [];
      if (what === "mount") {
        // Warmed like the measured mounts: one mount first, then `runs` profiled ones from nothing
        // (one mount is a few thousand samples; the summary by source is their mean).
        await entry.page.evaluate((n) => window.w4.setup(n, false), priors);
        for (let run = 0; run < runs; run++) {
          await entry.page.evaluate(() => window.w4.teardown());
          await entry.session.send("HeapProfiler.collectGarbage");
          let profile: Profile;
          ({ summary, profile } = await profiled(entry.session, () => entry.page.evaluate((n) => window.w4.setup(n, false), priors), file));
          recorded.push(profile);
        }
        await entry.page.evaluate(() => window.w4.teardown());
      } else {
        await entry.page.evaluate((n) => window.w4.setup(n, false), priors);
        await entry.session.send("HeapProfiler.collectGarbage");
        let profile: Profile;
        ({ summary, profile } = await profiled(entry.session, () => entry.page.evaluate((m) => window.w4.stream(m), what), file));
        recorded.push(profile);
      }
      console.log(`\n### CPU profile: ${LANE_TITLES[lane]}, ${priors} prior, ${what} (the last one written to ${file})\n\n${summary}`);
      console.log(`\n#### By source file\n\n${summariseBySource(recorded, outDir)}`);
    }

    const rows: Row[] = [];
    for (const priors of streaming ? sizes : []) {
      for (const lane of lanes) {
        for (const mode of MODES) {
          const failure = pages.get(lane)?.failure;
          const list = samples.get(key(lane, priors, mode)) ?? [];
          if (failure || list.length === 0) rows.push({ lane, priors, mode, status: "failed", reason: failure ?? "no timed run" });
          else rows.push(summarise(lane, priors, mode, list, samples.get(key("floor", priors, mode)), DELTAS, mutations.get(key(lane, priors, mode)) ?? Number.NaN));
        }
      }
    }
    const checks = evaluateBrowser(rows);
    const mountTargets = mountChecks(mountRows, paired);
    const cpu = cpus()[0]?.model ?? "unknown cpu";
    const machine = { nproc: availableParallelism(), cpu, node: process.version, platform: `${process.platform}-${process.arch}`, chromium: chromium.version };
    const file = join(benchDir, "results.json");
    const existing: Record<string, unknown> = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    if (streaming) {
      const results: BrowserResults = {
        command: ["pnpm bench:browser", ...args].join(" "),
        date: new Date().toISOString(),
        machine,
        mode: quick ? "quick" : "full",
        deltas: DELTAS,
        warmups,
        method:
          "From a CDP trace of each run, on the page main thread's CPU clock (tts/tdur) between the w4-start/w4-end marks: JS = union of V8 entries (v8.callFunction, FunctionCall, RunMicrotasks, script evaluation/compilation) and MinorGC/MajorGC, minus rendering nested in them; main thread = union of RunTask; ÷ deltas; medians of the timed runs; JS ÷ floor = median of per-round ratios",
        rows,
        checks,
        mount: mountRows,
        mountChecks: mountTargets,
      };
      for (const priors of sizes) console.log(`\n${formatTable(rows, priors)}`);
      console.log(`\nMachine: ${machine.nproc} cores (${cpu}), Node ${process.version}, Chromium ${chromium.version}, ${machine.platform}`);
      console.log(
        `Command: ${results.command}; medians of ${rounds} timed run(s) (${runs} for the @ai-sdk lanes) after ${warmups} warm-up(s); written to bench/results.json (browser)`,
      );
      writeFileSync(file, `${JSON.stringify({ ...existing, browser: results }, null, 2)}\n`);
    } else {
      // A mount-only run replaces the mount figures of the last full run and leaves its W4 rows.
      const previous = (existing["browser"] ?? {}) as Record<string, unknown>;
      console.log(`\nMachine: ${machine.nproc} cores (${cpu}), Node ${process.version}, Chromium ${chromium.version}, ${machine.platform}`);
      writeFileSync(file, `${JSON.stringify({ ...existing, browser: { ...previous, mount: mountRows, mountChecks: mountTargets } }, null, 2)}\n`);
    }
    console.log(`\n${formatMountTable(mountRows)}`);
    if (sizes.includes(1000) && streaming) console.log(`\n${formatBrowserChecks(checks)}`);
    if (sizes.includes(1000)) console.log(`\n${formatBrowserChecks(mountTargets, "Mount targets (issue 18)")}`);

    if (rows.some((r) => r.status !== "ok")) exitCode = 1;
    if (checking) {
      const mountLanes: readonly LaneName[] = ["threadline-svelte", "threadline-svelte-runes", "threadline-vue", "ai-sdk-svelte", "ai-sdk-vue"];
      if (quick || !sizes.includes(1000) || (streaming ? lanes.length !== LANES.length : mountLanes.some((l) => !lanes.includes(l)))) {
        log("--check needs the full run (every lane, 1,000 prior messages, no --quick); not checked");
        exitCode = 1;
      } else {
        // A mount-only run measured no streaming window: only the mount's gated targets apply.
        const missed = [...(streaming ? checks : []), ...mountTargets.filter((c) => c.gated)].filter((c) => !c.pass);
        if (missed.length > 0) {
          log(`✗ ${missed.length} target(s) missed: ${missed.map((c) => c.name).join("; ")}`);
          exitCode = 1;
        }
      }
    }
  }
  if (long) {
    // Issue 44, after W4 and the mount: its pages hold 100,000 messages, which nothing else should pay for.
    const longPages = new Map([...pages].filter(([lane, entry]) => LONG_LANES.includes(lane) && entry.failure === undefined));
    const results = await runLongThread(longPages, { priors: LONG_PRIORS, runs: quick ? 1 : runs }, log);
    console.log(`\n${formatLongThread(results)}`);
    console.log(`\n${formatBrowserChecks(results.checks, "Long-thread targets (issue 44)", results.priors)}`);
    const file = join(benchDir, "results.json");
    const existing: Record<string, unknown> = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    writeFileSync(file, `${JSON.stringify({ ...existing, longThread: { command: ["pnpm bench:browser", ...args].join(" "), date: new Date().toISOString(), chromium: chromium.version, loadAverage: loadavg(), ...results } }, null, 2)}\n`);
    if (results.stream.some((r) => r.status !== "ok") || results.loadMount.length < longPages.size) exitCode = 1;
    if (checking) {
      if (quick || WINDOW_LANES.some((lane) => !longPages.has(lane)) || !longPages.has("floor-window")) {
        log("--check needs the long-thread workload's windowed pages and floor-window, without --quick; not checked");
        exitCode = 1;
      } else {
        const missed = results.checks.filter((c) => c.gated && !c.pass);
        if (missed.length > 0) {
          log(`✗ ${missed.length} long-thread target(s) missed: ${missed.map((c) => c.name).join("; ")}`);
          exitCode = 1;
        }
      }
    }
  }
  if (workloads.includes("w6")) {
    const markdown = await runMarkdownBench(chromium.context, server.url, quick ? 1 : runs, log);
    console.log(`\n${formatMarkdown(markdown)}`);
    const file = join(benchDir, "results.json");
    const existing: Record<string, unknown> = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    writeFileSync(file, `${JSON.stringify({ ...existing, markdown: { command: ["pnpm bench:browser", ...args].join(" "), date: new Date().toISOString(), chromium: chromium.version, ...markdown } }, null, 2)}\n`);
    if (markdown.rows.some((r) => r.status !== "ok")) exitCode = 1;
    if (checking && markdown.checks.some((c) => !c.pass)) {
      log(`✗ ${markdown.checks.filter((c) => !c.pass).length} W6 target(s) missed`);
      exitCode = 1;
    }
  }
} catch (error) {
  log(`✗ W4 failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await chromium.close();
  await server.close();
  if (flag("no-minify")) log(`built pages kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
  log(`W4 done in ${elapsed()}`);
}
process.exit(exitCode);
