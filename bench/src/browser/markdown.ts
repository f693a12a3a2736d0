// W6: streaming markdown in Chromium. The same generated answer, cut at 1, 10, 20 and 50 KB, then
// 400 model-sized deltas streamed one per task; timing from the same CDP trace as W4. Threadline's
// core/markdown against marked + DOMPurify re-rendering the whole text, @incremark/core (with code
// highlighted by the same Shiki, and plain) and svelte-streamdown (at 20 KB, where issue 20
// compares them). Highlighting is held against highlighting, plain against plain.
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { MARKDOWN_LANES, type MarkdownLaneName } from "./build.js";
import type { MarkdownCounts } from "./pages/markdown/protocol.js";
import { median } from "./report.js";
import { formatNumber } from "../table.js";
import { analyseWindow, traced } from "./trace.js";

export const MARKDOWN_TITLES: Record<MarkdownLaneName, string> = {
  "md-threadline": "Threadline core/markdown",
  "md-threadline-plain": "Threadline core/markdown, code not highlighted",
  "md-marked": "marked + DOMPurify, whole text per delta",
  "md-incremark-shiki": "@incremark/core + Shiki (shiki-stream, as its renderers)",
  "md-incremark": "@incremark/core (+ mdast → DOM), code not highlighted",
  "md-streamdown": "svelte-streamdown <Streamdown>",
};

const KB = 1024;
const THREADLINE_SIZES = [1, 10, 20, 50].map((k) => k * KB);
const COMPARED_SIZE = 20 * KB;

export interface MarkdownRow {
  readonly lane: MarkdownLaneName;
  readonly bytes: number;
  readonly status: "ok" | "failed";
  readonly reason?: string;
  readonly samples: number;
  readonly jsUsPerDelta: number;
  readonly mainUsPerDelta: number;
  readonly counts: MarkdownCounts | null;
}

export interface MarkdownCheck {
  readonly target: string;
  readonly measured: number | null;
  readonly unit: string;
  readonly pass: boolean;
}

export interface MarkdownResults {
  readonly rows: readonly MarkdownRow[];
  readonly checks: readonly MarkdownCheck[];
  readonly deltas: number;
}

export async function runMarkdownBench(context: BrowserContext, baseUrl: string, runs: number, log: (line: string) => void): Promise<MarkdownResults> {
  const cells: [MarkdownLaneName, number][] = [];
  for (const bytes of THREADLINE_SIZES) cells.push(["md-threadline", bytes]);
  for (const lane of MARKDOWN_LANES) if (lane !== "md-threadline") cells.push([lane, COMPARED_SIZE]);
  cells.splice(THREADLINE_SIZES.length, 0, ["md-threadline-plain", KB], ["md-threadline-plain", 50 * KB]);
  const pages = new Map<MarkdownLaneName, { page: Page; session: CDPSession; failure?: string }>();
  for (const lane of MARKDOWN_LANES) {
    const page = await context.newPage();
    const entry: { page: Page; session: CDPSession; failure?: string } = { page, session: await context.newCDPSession(page) };
    page.on("pageerror", (error) => {
      entry.failure ??= `page error: ${error.message}`;
    });
    await page.goto(`${baseUrl}${lane}/index.html`);
    await page.waitForFunction(() => window.w6 !== undefined, undefined, { timeout: 10_000 });
    pages.set(lane, entry);
  }
  const samples = new Map<string, { js: number; main: number }[]>();
  const counts = new Map<string, MarkdownCounts>();
  let deltas = 0;
  const key = (lane: MarkdownLaneName, bytes: number) => `${lane}|${bytes}`;
  const run = async (lane: MarkdownLaneName, bytes: number, observe: boolean): Promise<void> => {
    const entry = pages.get(lane)!;
    if (entry.failure) return;
    try {
      await entry.page.bringToFront();
      await entry.page.evaluate((n) => window.w6.setup(n), bytes);
      await entry.session.send("HeapProfiler.collectGarbage");
      const stream = () => entry.page.evaluate((o) => window.w6.stream(o), observe);
      if (observe) {
        const result = await stream();
        if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
        if (result.counts) counts.set(key(lane, bytes), result.counts);
        return;
      }
      const { result, events } = await traced(entry.session, stream);
      if (result.mismatch) throw new Error(`wrong final DOM: ${result.mismatch}`);
      deltas = result.deltas;
      const times = analyseWindow(events);
      const list = samples.get(key(lane, bytes)) ?? [];
      list.push({ js: times.scriptUs / result.deltas, main: times.mainUs / result.deltas });
      samples.set(key(lane, bytes), list);
    } catch (error) {
      entry.failure ??= error instanceof Error ? error.message.split("\n")[0]! : String(error);
      log(`✗ W6 ${lane} at ${bytes / KB} KB: ${entry.failure}`);
    }
  };
  for (const [lane, bytes] of cells) await run(lane, bytes, true);
  log("✓ W6 warm-up and DOM counting");
  for (let round = 1; round <= runs; round++) {
    for (const [lane, bytes] of cells) await run(lane, bytes, false);
    log(`✓ W6 round ${round}/${runs}`);
  }
  const rows: MarkdownRow[] = cells.map(([lane, bytes]) => {
    const list = samples.get(key(lane, bytes)) ?? [];
    const failure = pages.get(lane)?.failure;
    return {
      lane,
      bytes,
      status: failure || list.length === 0 ? "failed" : "ok",
      ...(failure ? { reason: failure } : {}),
      samples: list.length,
      jsUsPerDelta: list.length ? median(list.map((s) => s.js)) : Number.NaN,
      mainUsPerDelta: list.length ? median(list.map((s) => s.main)) : Number.NaN,
      counts: counts.get(key(lane, bytes)) ?? null,
    };
  });
  for (const entry of pages.values()) await entry.page.close();
  return { rows, checks: evaluateMarkdown(rows), deltas };
}

export function evaluateMarkdown(rows: readonly MarkdownRow[]): MarkdownCheck[] {
  const row = (lane: MarkdownLaneName, bytes: number) => rows.find((r) => r.lane === lane && r.bytes === bytes && r.status === "ok");
  const ours = row("md-threadline", COMPARED_SIZE);
  const small = row("md-threadline", KB);
  const large = row("md-threadline", 50 * KB);
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? null : a / b);
  const checks: MarkdownCheck[] = [];
  const flat = ratio(large?.jsUsPerDelta, small?.jsUsPerDelta);
  checks.push({ target: "Threadline: JS per delta at 50 KB ÷ at 1 KB ≤ 1.5", measured: flat, unit: "×", pass: flat !== null && flat <= 1.5 });
  const plain = row("md-threadline-plain", COMPARED_SIZE);
  const vsMarked = ratio(row("md-marked", COMPARED_SIZE)?.mainUsPerDelta, ours?.mainUsPerDelta);
  checks.push({ target: "20 KB: marked + DOMPurify main thread per delta ÷ Threadline's ≥ 20", measured: vsMarked, unit: "×", pass: vsMarked !== null && vsMarked >= 20 });
  // Each peer against the Threadline lane that draws code as it does: Shiki against Shiki, plain against plain.
  const peers = [
    ["md-incremark-shiki", ours, "20 KB, Shiki"],
    ["md-incremark", plain, "20 KB, code not highlighted"],
    ["md-streamdown", ours, "20 KB, Shiki"],
  ] as const;
  for (const [lane, threadline, label] of peers) {
    const vs = ratio(row(lane, COMPARED_SIZE)?.mainUsPerDelta, threadline?.mainUsPerDelta);
    checks.push({ target: `${label}: ${MARKDOWN_TITLES[lane]} main thread per delta ÷ Threadline's > 1`, measured: vs, unit: "×", pass: vs !== null && vs > 1 });
  }
  const counted = rows.filter((r) => r.lane === "md-threadline" || r.lane === "md-threadline-plain").map((r) => r.counts);
  const touched = counted.some((c) => c === null) ? null : Math.max(...counted.map((c) => c!.settledTouched));
  checks.push({ target: "Threadline: settled nodes touched by a delta = 0", measured: touched, unit: "", pass: touched === 0 });
  const slack = counted.some((c) => c === null) ? null : Math.min(...counted.map((c) => c!.openSlackMin));
  checks.push({ target: "Threadline: nodes replaced by a delta ≤ the open block's (least slack ≥ 0)", measured: slack, unit: "", pass: slack !== null && slack >= 0 });
  return checks;
}

export function formatMarkdown(results: MarkdownResults): string {
  const header = ["", "message", "JS µs/delta", "main thread µs/delta", "DOM nodes replaced/delta", "most replaced by one delta", "settled nodes touched"];
  const lines = [
    `### W6 browser: streaming markdown, ${results.deltas} deltas appended to a message of 1–50 KB`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i < 2 ? " --- " : " ---: ")).join("|")}|`,
  ];
  for (const r of results.rows) {
    if (r.status !== "ok") {
      lines.push(`| ${MARKDOWN_TITLES[r.lane]} | ${r.bytes / KB} KB | FAILED: ${r.reason ?? "no timed run"} | | | | |`);
      continue;
    }
    const c = r.counts;
    lines.push(
      `| ${MARKDOWN_TITLES[r.lane]} | ${r.bytes / KB} KB | ${formatNumber(r.jsUsPerDelta)} | ${formatNumber(r.mainUsPerDelta)} | ${c ? formatNumber(c.replacedPerDelta) : "–"} | ${c ? c.replacedMax : "–"} | ${c && c.settledTouched >= 0 ? c.settledTouched : "–"} |`,
    );
  }
  lines.push("", "| target | measured | |", "| --- | ---: | --- |");
  for (const c of results.checks) lines.push(`| ${c.target} | ${c.measured === null ? "not measured" : `${formatNumber(c.measured)}${c.unit}`} | ${c.pass ? "pass" : "**FAIL**"} |`);
  return lines.join("\n");
}
