// One workload in a fresh process: `node --expose-gc --import tsx src/worker.ts <workload>
// <full|quick|tiny> <out.json>`. main.ts spawns it; the report goes to the file, progress to stderr.
import { writeFileSync } from "node:fs";
import type { Mode } from "./measure.js";
import type { WorkloadName, WorkloadReport } from "./results.js";
import { runA2ui } from "./workloads/a2ui.js";
import { runBranches } from "./workloads/branches.js";
import { runMemory } from "./workloads/memory.js";
import { runW1, runW1Alloc } from "./workloads/w1-text.js";
import { runW2 } from "./workloads/w2-tool-args.js";
import { runW3 } from "./workloads/w3-state.js";
import { runW5 } from "./workloads/w5-devtools.js";

const workloads: Record<WorkloadName, (mode: Mode) => Promise<WorkloadReport>> = {
  W1: runW1,
  "W1-alloc": runW1Alloc,
  W2: runW2,
  W3: runW3,
  W5: runW5,
  memory: runMemory,
  branches: runBranches,
  A2UI: runA2ui,
};

const [name, mode, out] = process.argv.slice(2);
const run = workloads[name as WorkloadName];
if (!run || (mode !== "full" && mode !== "quick" && mode !== "tiny") || !out) {
  console.error(`usage: worker.ts <${Object.keys(workloads).join("|")}> <full|quick|tiny> <out.json>`);
  process.exit(2);
}
// The peers must run as in production: @ag-ui/client deep-freezes in development and test.
if (process.env["NODE_ENV"] !== undefined || process.env["VITEST_WORKER_ID"] !== undefined) {
  console.error("worker.ts: NODE_ENV / VITEST_WORKER_ID must be unset");
  process.exit(2);
}
const report = await run(mode);
writeFileSync(out, JSON.stringify(report));
