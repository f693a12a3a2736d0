// Markdown tables (the same text goes to the terminal and into the README).
import type { Cell, Check, WorkloadReport } from "./results.js";

const TITLES: Record<string, string> = {
  W1: "W1 text streaming: 2,000 deltas of ~4 chars after N prior messages",
  "W1-alloc": "W1 bytes allocated per delta (heap growth over a GC-free window)",
  W2: "W2 tool arguments: JSON grown in 10-char deltas, partial value after each",
  W3: "W3 shared state: single-op STATE_DELTA on a 1,000-key state",
  W5: "W5 devtools: the inspector recording, per event (pipeline + fold, 100 prior messages)",
  memory: "Memory: heap retained per message after folding a 5,000-, a 50,000- and a 100,000-message thread (issue 18 target: Threadline ≤ 300 B at 50,000; issue 44: ≤ 1.05× the plain Message[] at 100,000)",
  branches: "Branches: switching the active branch of a 1,000-message thread",
};

/** [numerator lane, denominator lane] pairs shown as "a ÷ b" columns. */
const RATIOS: Record<string, [string, string][]> = {
  W1: [
    ["@ag-ui/client", "Threadline"],
    ["Tambo streamReducer", "Threadline"],
    ["Threadline", "floor s += delta"],
  ],
  W2: [
    ["partial-json re-parse", "Threadline"],
    ["Threadline", "floor concat + parse once"],
  ],
  W3: [
    ["@ag-ui/client", "Threadline"],
    ["fast-json-patch + clone", "Threadline"],
  ],
  memory: [
    ["@ag-ui/client", "Threadline"],
    ["Threadline", "floor Message[]"],
  ],
};

export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString("en-US");
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}

const short = (lane: string) => lane.split(" ")[0]!;

export function formatReport(report: WorkloadReport): string {
  const notes: string[] = [];
  const mark = (text: string) => {
    let index = notes.indexOf(text);
    if (index < 0) index = notes.push(text) - 1;
    return `[${index + 1}]`;
  };
  const show = (cell: Cell | undefined) => {
    if (!cell) return "–";
    if (cell.status !== "ok") return `${cell.status === "failed" ? "FAILED" : "n/a"} ${mark(cell.reason)}`;
    return formatNumber(cell.value) + (cell.note ? ` ${mark(cell.note)}` : "");
  };
  const ratios = RATIOS[report.workload] ?? [];
  const header = ["", ...report.lanes, ...ratios.map(([a, b]) => `${short(a)} ÷ ${short(b)}`)];
  const lines = [
    `### ${TITLES[report.workload] ?? report.workload} — ${report.unit}`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`,
  ];
  for (const size of report.sizes) {
    const row = [size.label, ...report.lanes.map((lane) => show(size.cells[lane]))];
    for (const [a, b] of ratios) {
      const x = size.cells[a];
      const y = size.cells[b];
      row.push(x?.status === "ok" && y?.status === "ok" && y.value > 0 ? `${formatNumber(x.value / y.value)}×` : "–");
    }
    lines.push(`| ${row.join(" | ")} |`);
  }
  if (notes.length > 0) lines.push("", ...notes.map((note, i) => `[${i + 1}] ${note}`));
  return lines.join("\n");
}

export function formatChecks(checks: Check[]): string {
  const lines = ["### Targets (`pnpm bench --check`)", "", "| target | measured | |", "| --- | ---: | --- |"];
  for (const c of checks) {
    const measured = c.measured === null ? "not measured" : `${formatNumber(c.measured)}${c.unit ?? "×"}`;
    lines.push(`| ${c.target} | ${measured} | ${c.pass ? "pass" : "**FAIL**"} |`);
  }
  return lines.join("\n");
}
