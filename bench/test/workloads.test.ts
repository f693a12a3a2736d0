// Every Node workload of `pnpm bench`, and the run log, once on tiny inputs: each lane's result is
// checked against the expected one (a lane that computes the wrong thing, or throws, is a FAILED
// cell), so a workload broken by a change in core turns the test command red. Not a timing: the
// numbers are thrown away. Run with `pnpm -C bench test`.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { REFERENCE_REVISION } from "../src/core-revision.js";
import type { WorkloadName, WorkloadReport } from "../src/results.js";

const bench = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "threadline-bench-tiny-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// As main.ts runs them: the peers as in production (NODE_ENV unset), GC exposed, and the
// allocation workload's young generation large enough for a GC-free window.
const env = { ...process.env };
delete env["NODE_ENV"];
delete env["VITEST_WORKER_ID"];
const FLAGS = ["--expose-gc", "--no-flush-bytecode", "--min-semi-space-size=64", "--max-semi-space-size=64"];

function run(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...FLAGS, "--import", "tsx", ...args], { cwd: bench, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

// The lanes that time the 2026-12-01 build read it from git: a shallow clone has no such commit.
const referenceInGit = spawnSync("git", ["cat-file", "-e", `${REFERENCE_REVISION}^{commit}`], { cwd: bench }).status === 0;

const WORKLOADS: WorkloadName[] = ["W1", "W1-alloc", "W2", "W3", "W5", "memory", "branches", "A2UI"];

type Outcome = { status: number | null; output: string; report?: WorkloadReport };

function start(name: WorkloadName): Promise<Outcome> {
  const out = join(scratch, `${name}.json`);
  return run(["src/worker.ts", name, "tiny", out]).then((result) =>
    result.status === 0 ? { ...result, report: JSON.parse(readFileSync(out, "utf8")) as WorkloadReport } : result,
  );
}

// Two workers at a time (the machine that runs the test command has two cores), started at once
// so the tests below only wait for their own.
const outcomes = new Map<WorkloadName, Promise<Outcome>>();
const slots: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];
WORKLOADS.forEach((name, i) => {
  const outcome = slots[i % 2]!.then(() => start(name));
  outcomes.set(name, outcome);
  slots[i % 2] = outcome;
});

for (const name of WORKLOADS) {
  test(`${name}: every lane runs and computes the expected result`, async () => {
    const { status, output, report } = await outcomes.get(name)!;
    assert.equal(status, 0, `the ${name} worker exited with ${status}:\n${output}`);
    assert.ok(report !== undefined && report.sizes.length > 0, `${name} reported no sizes`);
    const bad = report.sizes.flatMap((size) =>
      Object.entries(size.cells).flatMap(([lane, cell]) =>
        cell.status === "ok" || (lane.endsWith(" 2026-12-01") && !referenceInGit) ? [] : [`${size.label} / ${lane}: ${cell.status}: ${cell.reason}`],
      ),
    );
    assert.deepEqual(bad, [], `${name} has cells that did not measure`);
    // Every lane the table lists has a cell at every size.
    for (const size of report.sizes) for (const lane of report.lanes) assert.ok(lane in size.cells, `${name} ${size.label}: no cell for ${lane}`);
  });
}

test("run-log: the run log's stores and resume, once on a few events (a real redis-server)", async () => {
  const { status, output } = await run(["src/run-log.ts", "--tiny"]);
  assert.equal(status, 0, `run-log exited with ${status}:\n${output}`);
  assert.match(output, /first event: Redis, resume on the other instance/);
});
