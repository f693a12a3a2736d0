// `pnpm bench [--quick] [--check] [--only W1,W2,...]`: runs each workload in a fresh Node process
// (node --expose-gc, NODE_ENV unset), prints Markdown tables, writes bench/results.json, and with
// --check exits 1 when a ratio target is missed. Then the mount of 1,000 prior messages in Chromium
// beside @ai-sdk's (issue 18), and the bundle weight beside the peers. The whole browser workload
// (W4 streaming, W6 markdown) is `pnpm bench:browser`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Results, WorkloadName, WorkloadReport } from "./results.js";
import { formatChecks, formatReport } from "./table.js";
import { evaluate } from "./targets.js";

const ALL: WorkloadName[] = ["W1", "W1-alloc", "W2", "W3", "W5", "memory", "branches", "A2UI"];
// measure.ts collects with the "last resort" flavour, which would also flush the bytecode of
// functions not run lately; every lane would then pay recompilation inside its timed body.
const COMMON_FLAGS = ["--no-flush-bytecode"];
// Extra V8 flags per workload: a 64 MB young generation keeps allocation windows GC-free.
const FLAGS: Partial<Record<WorkloadName, string[]>> = {
  "W1-alloc": ["--min-semi-space-size=64", "--max-semi-space-size=64"],
};

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const checking = args.includes("--check");
const onlyArg = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const unknown = args.filter((a) => a !== "--quick" && a !== "--check" && !a.startsWith("--only="));
// The run log (src/run-log.ts) and the browser mount (src/browser/) are not Node workloads: each
// runs after the others, in its own process.
const runLog = !onlyArg || onlyArg.split(",").includes("run-log");
const mount = !onlyArg || onlyArg.split(",").includes("mount");
const only = onlyArg ? (onlyArg.split(",").filter((w) => w !== "run-log" && w !== "mount") as WorkloadName[]) : ALL;
if (unknown.length > 0 || only.some((w) => !ALL.includes(w))) {
  console.error(`usage: pnpm bench [--quick] [--check] [--only=${[...ALL, "run-log", "mount"].join(",")}]`);
  process.exit(2);
}

const benchDir = fileURLToPath(new URL("..", import.meta.url));
const worker = fileURLToPath(new URL("./worker.ts", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "threadline-bench-"));
const env = { ...process.env };
delete env["NODE_ENV"];
delete env["VITEST_WORKER_ID"];

const reports: WorkloadReport[] = [];
let broken = false;
for (const workload of only) {
  const out = join(scratch, `${workload}.json`);
  const started = Date.now();
  console.error(`▸ ${workload} (${quick ? "quick" : "full"}) in a fresh process…`);
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", ...COMMON_FLAGS, ...(FLAGS[workload] ?? []), "--import", "tsx", worker, workload, quick ? "quick" : "full", out],
    { cwd: benchDir, env, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (child.status !== 0) {
    console.error(`✗ ${workload}: worker exited with ${child.status ?? child.signal}`);
    broken = true;
    continue;
  }
  const report = JSON.parse(readFileSync(out, "utf8")) as WorkloadReport;
  reports.push(report);
  console.error(`✓ ${workload} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`\n${formatReport(report)}`);
}
rmSync(scratch, { recursive: true, force: true });
/** One of the steps that are scripts of their own (bench/src/…), run in a fresh Node process; false when it failed. */
function runScript(name: string, script: string, scriptArgs: readonly string[]): boolean {
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL(script, import.meta.url)), ...scriptArgs], {
    cwd: benchDir,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (child.status === 0) return true;
  console.error(`✗ ${name}: exited with ${child.status ?? child.signal}`);
  return false;
}

if (runLog) {
  console.error("▸ run-log in a fresh process…");
  if (!runScript("run-log", "./run-log.ts", quick ? ["--quick"] : [])) broken = true;
}

const byName = Object.fromEntries(reports.map((r) => [r.workload, r]));
// A check's name starts with its workload's (targets.ts): an --only run checks what it measured.
const checks = evaluate(byName).filter((c) => !onlyArg || byName[c.name.split(" ")[0]!] !== undefined);
const cpu = cpus()[0]?.model ?? "unknown cpu";
const results: Results = {
  command: ["pnpm bench", ...args].join(" "),
  date: new Date().toISOString(),
  machine: { nproc: availableParallelism(), cpu, node: process.version, platform: `${process.platform}-${process.arch}` },
  mode: quick ? "quick" : "full",
  reports,
  checks,
};
// The browser workload (`pnpm bench:browser`) keeps its figures under `browser`: carried over.
const resultsFile = join(benchDir, "results.json");
const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, "utf8")) as { browser?: unknown }) : {};
// A run that measured no Node workload (`--only=mount`, `--only=run-log`) keeps the last figures.
if (reports.length > 0) {
  writeFileSync(resultsFile, `${JSON.stringify(previous.browser === undefined ? results : { ...results, browser: previous.browser }, null, 2)}\n`);
  console.log(`\nMachine: ${results.machine.nproc} cores (${cpu}), Node ${process.version}, ${results.machine.platform}`);
  console.log(`Command: ${results.command}; written to bench/results.json`);
  if (!quick) console.log(`\n${formatChecks(checks)}`);
}

// Mount in Chromium (src/browser/mount.ts): its own process, which merges its figures into
// results.json under `browser` and, with --check, exits 1 when a gated mount target is missed.
if (mount) {
  console.error("▸ mount (Chromium) in a fresh process…");
  // Five mounts a page, as the W4 figures in the docs take them: with three, the runes ÷ store
  // gate (≤ 1.15) read 1.17× in one run of the final code of 2026-12-08 and 0.89–0.93× in others.
  const browserArgs = ["--workloads=mount", "--sizes=1000", `--runs=${quick ? 1 : 5}`, ...(checking && !quick ? ["--check"] : [])];
  if (!runScript("mount", "./browser/main.ts", browserArgs)) broken = true;
}

// Bundle weight beside the peers (src/size/); its budgets are gated in the test command (`size`).
if (!runScript("size", "./size/main.ts", [])) broken = true;

if (broken) process.exit(1);
if (checking) {
  if (quick) {
    console.error("--check needs full sizes; ignored with --quick");
  } else if (checks.some((c) => !c.pass)) {
    console.error(`✗ ${checks.filter((c) => !c.pass).length} target(s) missed`);
    process.exit(1);
  }
}
