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

export function cellValue(report: WorkloadReport | undefined, size: string, lane: string): number | null {
  const cell = report?.sizes.find((s) => s.label === size)?.cells[lane];
  return cell?.status === "ok" ? cell.value : null;
}
