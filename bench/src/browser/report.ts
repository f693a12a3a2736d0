// W4's figures: medians per lane × thread size × mode, the Markdown table, and the targets
// `pnpm bench:browser --check` enforces (issues 9, 10, 12).
import { formatNumber } from "../table.js";
import { LANE_TITLES, type LaneName } from "./build.js";
import type { Mode } from "./pages/protocol.js";

/** One timed run of one lane. */
export interface Sample {
  readonly scriptUs: number;
  readonly mainUs: number;
  readonly longestTaskUs: number;
  readonly longestTaskWallUs: number;
  readonly keys: number;
  readonly renders: number;
}

export type Row = {
  readonly lane: LaneName;
  readonly priors: number;
  readonly mode: Mode;
} & (
  | {
      readonly status: "ok";
      /** Timed runs behind the medians. */
      readonly samples: number;
      readonly jsUsPerDelta: number;
      /**
       * Median over rounds of this lane's JS time ÷ the floor's in the same round (same size and
       * mode): drift on a shared machine cancels out. Null for the floor, or without one.
       */
      readonly jsVsFloor: number | null;
      readonly mainUsPerDelta: number;
      readonly listItemsPerDelta: number;
      readonly rendersPerDelta: number;
      /** From the counting run (a MutationObserver on the list), not from the timed runs. */
      readonly mutationsPerDelta: number;
      /** Main-thread CPU time of the longest task (median over runs). */
      readonly longestBlockMs: number;
      /** The same on the wall clock, which also counts time other processes held the core. */
      readonly longestBlockWallMs: number;
    }
  | { readonly status: "failed"; readonly reason: string }
);

export interface BrowserCheck {
  readonly name: string;
  readonly target: string;
  readonly measured: number | null;
  readonly unit: string;
  readonly pass: boolean;
  readonly detail: string;
}

export interface BrowserResults {
  /** Mount time and heap per lane and size (mount.ts), with issue 18's targets. */
  readonly mount?: readonly import("./mount.js").MountRow[];
  readonly mountChecks?: readonly BrowserCheck[];
  readonly command: string;
  readonly date: string;
  readonly machine: { nproc: number; cpu: string; node: string; platform: string; chromium: string };
  readonly mode: "full" | "quick";
  readonly deltas: number;
  readonly warmups: number;
  readonly method: string;
  readonly rows: readonly Row[];
  readonly checks: readonly BrowserCheck[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(
  lane: LaneName,
  priors: number,
  mode: Mode,
  samples: readonly Sample[],
  floor: readonly Sample[] | undefined,
  deltas: number,
  mutations: number,
): Row {
  const per = (pick: (s: Sample) => number): number => median(samples.map(pick)) / deltas;
  // Samples are in round order for every lane, so index i of both lists is the same round (a
  // lane with fewer rounds ran in the first ones).
  const ratios =
    lane === "floor" || floor === undefined || floor.length < samples.length
      ? []
      : samples.map((s, i) => s.scriptUs / floor[i]!.scriptUs).filter((r) => Number.isFinite(r));
  return {
    lane,
    priors,
    mode,
    status: "ok",
    samples: samples.length,
    jsUsPerDelta: per((s) => s.scriptUs),
    jsVsFloor: ratios.length > 0 ? median(ratios) : null,
    mainUsPerDelta: per((s) => s.mainUs),
    listItemsPerDelta: per((s) => s.keys),
    rendersPerDelta: per((s) => s.renders),
    mutationsPerDelta: mutations / deltas,
    longestBlockMs: median(samples.map((s) => s.longestTaskUs)) / 1000,
    longestBlockWallMs: median(samples.map((s) => s.longestTaskWallUs)) / 1000,
  };
}

const find = (rows: readonly Row[], lane: LaneName, priors: number, mode: Mode): Row | undefined =>
  rows.find((r) => r.lane === lane && r.priors === priors && r.mode === mode);

const counted = (value: number): string => (value === 0 ? "0" : formatNumber(value));

export function formatTable(rows: readonly Row[], priors: number): string {
  const header = ["", "mode", "JS µs/delta", "main thread µs/delta", "list items visited/delta", "message components re-rendered/delta", "DOM mutations/delta", "longest block ms", "JS ÷ floor"];
  const lines = [
    `### W4 browser: 2,000 deltas after ${priors.toLocaleString("en-US")} prior messages`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i < 2 ? " --- " : " ---: ")).join("|")}|`,
  ];
  const notes: string[] = [];
  for (const row of rows.filter((r) => r.priors === priors)) {
    const title = LANE_TITLES[row.lane];
    if (row.status !== "ok") {
      notes.push(row.reason);
      lines.push(`| ${title} | ${row.mode} | FAILED [${notes.length}] | | | | | | |`);
      continue;
    }
    const ratio = row.lane === "floor" ? "1×" : row.jsVsFloor === null ? "–" : `${formatNumber(row.jsVsFloor)}×`;
    lines.push(
      `| ${title} | ${row.mode} | ${formatNumber(row.jsUsPerDelta)} | ${formatNumber(row.mainUsPerDelta)} | ${counted(row.listItemsPerDelta)} | ${counted(row.rendersPerDelta)} | ${counted(row.mutationsPerDelta)} | ${formatNumber(row.longestBlockMs)} | ${ratio} |`,
    );
  }
  if (notes.length > 0) lines.push("", ...notes.map((note, i) => `[${i + 1}] ${note}`));
  return lines.join("\n");
}

const BINDINGS: readonly LaneName[] = ["threadline-svelte", "threadline-svelte-runes", "threadline-vue"];
/** Issue 39: the runes page costs per token what the store page does, within 1.3× the floor. */
const RUNES_JS_TARGET = 1.3;
const CHECKED_PRIORS = 1000;

/** The W4 targets at 1,000 prior messages. A lane that failed or did not run fails its target. */
export function evaluateBrowser(rows: readonly Row[]): BrowserCheck[] {
  const checks: BrowserCheck[] = [];
  const ok = (lane: LaneName, mode: Mode) => {
    const row = find(rows, lane, CHECKED_PRIORS, mode);
    return row?.status === "ok" ? row : undefined;
  };
  for (const lane of BINDINGS) {
    const title = LANE_TITLES[lane];
    const visited = (["paced", "burst"] as const).map((mode) => ok(lane, mode)?.listItemsPerDelta ?? null);
    const measuredVisits = visited.some((v) => v === null) ? null : Math.max(...(visited as number[]));
    checks.push({
      name: `W4 ${title} list`,
      target: `${title}: list items visited per delta = 0 (paced and burst)`,
      measured: measuredVisits,
      unit: "",
      pass: measuredVisits === 0,
      detail: "issues 9, 10: the message list is not re-run per token",
    });
    const ratio = ok(lane, "paced")?.jsVsFloor ?? null;
    checks.push({
      name: `W4 ${title} JS`,
      target: `${title}: JS per delta ÷ hand-written floor ≤ 2 (paced)`,
      measured: ratio,
      unit: "×",
      pass: ratio !== null && ratio <= 2,
      detail: "issues 9, 10: at most 2× the JavaScript time of appending each delta by hand (median of per-round ratios)",
    });
    if (lane === "threadline-svelte-runes") {
      checks.push({
        name: `W4 ${title} JS 1.3`,
        target: `${title}: JS per delta ÷ hand-written floor ≤ ${RUNES_JS_TARGET} (paced)`,
        measured: ratio,
        unit: "×",
        pass: ratio !== null && ratio <= RUNES_JS_TARGET,
        detail: "issue 39: runes reads cost per token what the stores do (the text goes through streamText either way)",
      });
    }
    const burst = ok(lane, "burst");
    const block = burst ? burst.longestBlockMs : null;
    checks.push({
      name: `W4 ${title} burst`,
      target: `${title}: longest main-thread block in burst ≤ 50 ms`,
      measured: block,
      unit: " ms",
      pass: block !== null && block <= 50,
      detail: "issues 9, 10: 2,000 deltas in one task block the main thread at most 50 ms",
    });
  }
  return checks;
}

export function formatBrowserChecks(checks: readonly BrowserCheck[], title = "W4 targets", priors = CHECKED_PRIORS): string {
  const lines = [`### ${title} (\`pnpm bench:browser --check\`, at ${priors.toLocaleString("en-US")} prior messages)`, "", "| target | measured | |", "| --- | ---: | --- |"];
  for (const c of checks) {
    const measured = c.measured === null ? "not measured" : `${counted(c.measured)}${c.unit}`;
    // A reported figure (gated: false) has no pass or fail of its own.
    const verdict = "gated" in c && c.gated === false ? "reported" : c.pass ? "pass" : "**FAIL**";
    lines.push(`| ${c.target} | ${measured} | ${verdict} |`);
  }
  return lines.join("\n");
}
