// The shape of what a workload worker reports and what results.json holds.

export type WorkloadName = "W1" | "W1-alloc" | "W2" | "W3" | "W5" | "memory" | "branches" | "A2UI";

export type Cell =
  | {
      status: "ok";
      /** The workload's metric (see the workload's `unit`). */
      value: number;
      /** Measured samples behind the median (1 for single-shot measurements). */
      samples: number;
      /** How the number was obtained when it is not a plain full run (capped, sampled…). */
      note?: string;
      /**
       * The metric of each round, in order (timed cells). Cells of one workload measured together
       * share their rounds, so a ratio of two of them can be taken round by round (pairedRatio).
       */
      rounds?: number[];
    }
  | { status: "unavailable" | "failed"; reason: string };

export interface WorkloadReport {
  workload: WorkloadName;
  /** What `value` measures, e.g. "µs per delta". */
  unit: string;
  /** Column order for the table. */
  lanes: string[];
  /** One entry per size (e.g. prior-message count), each mapping lane → cell. */
  sizes: { label: string; cells: Record<string, Cell> }[];
}

export interface Check {
  name: string;
  target: string;
  /** The measured ratio, or null when it could not be measured. */
  measured: number | null;
  /** What `measured` is in, when not a ratio (shown after the number). */
  unit?: string;
  pass: boolean;
  detail: string;
}

export interface Results {
  command: string;
  date: string;
  machine: { nproc: number; cpu: string; node: string; platform: string };
  mode: "full" | "quick";
  reports: WorkloadReport[];
  checks: Check[];
}

/**
 * `a ÷ b` taken round by round, the median of those ratios: two samples of one round were taken
 * moments apart, so whatever slowed the machine for a while slowed both. Cells without rounds
 * (single-shot measures) give the ratio of their values.
 */
export function pairedRatio(report: WorkloadReport | undefined, sizeA: string, laneA: string, sizeB: string, laneB: string): number | null {
  const find = (size: string, lane: string) => report?.sizes.find((s) => s.label === size)?.cells[lane];
  const a = find(sizeA, laneA);
  const b = find(sizeB, laneB);
  if (a?.status !== "ok" || b?.status !== "ok") return null;
  if (a.rounds === undefined || b.rounds === undefined) return b.value > 0 ? a.value / b.value : null;
  const n = Math.min(a.rounds.length, b.rounds.length);
  const ratios: number[] = [];
  for (let k = 0; k < n; k++) if (b.rounds[k]! > 0) ratios.push(a.rounds[k]! / b.rounds[k]!);
  if (ratios.length === 0) return null;
  ratios.sort((x, y) => x - y);
  const mid = ratios.length >> 1;
  return ratios.length % 2 === 1 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
}

export function cellValue(report: WorkloadReport | undefined, size: string, lane: string): number | null {
  const cell = report?.sizes.find((s) => s.label === size)?.cells[lane];
  return cell?.status === "ok" ? cell.value : null;
}
