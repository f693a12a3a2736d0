// `pnpm -C bench run instructions [--base=REV[,REV…]] [--scenarios=a,b] [--priors=50000] [--events=WARM,N] [--time=ROUNDS]`:
// instructions per event of the hot loops in drive.ts, counted by valgrind's callgrind, for this
// checkout's core and (with --base) the core of a git revision, beside each other. Instruction
// counts do not depend on what else the machine runs, so an A/B taken on a loaded machine holds;
// wall-clock time does not. Only the measured loop is counted (callgrind starts with
// instrumentation off; `callgrind_control` turns it on after the set-up and the warm-up loop, and
// off after the loop). V8 runs --predictable (one thread, fixed seeds) under `setarch -R` (no
// address randomisation): the same build and input count the same within a few thousand
// instructions, a fraction of an instruction per event.
//
// --time=ROUNDS times the same loops instead (wall clock, no valgrind, plain V8): each round runs
// every build once, one after the other, in a fresh process, the order alternating from round to
// round; it prints each build's median µs per event and the median of the per-round ratios, so
// load that comes and goes falls on both builds of a round alike. Run it under the bench lock.
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, coreSource, writeShim } from "../core-revision.js";
import { median } from "../measure.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SCENARIOS = ["text-fold", "text-pipeline", "text-chat", "text-view", "text-message", "state-fold", "state-pipeline"];
const scenarios = (option("scenarios") ?? SCENARIOS.join(",")).split(",");
const priors = Number(option("priors") ?? 50_000);
const [warm, events] = (option("events") ?? "20000,20000").split(",").map(Number) as [number, number];
// Several revisions (--base=A,B) are measured side by side; the ratio column compares with the first.
const bases = option("base")?.split(",") ?? [];
const base = bases[0];
// --keep=DIR keeps each run's callgrind output (DIR/<build>-<scenario>.out) for callgrind_annotate,
// with V8's map of its compiled code (/tmp/perf-<pid>.map, --perf-basic-prof) to name the JIT frames.
const keep = option("keep");
const rounds = option("time") === undefined ? undefined : Number(option("time"));
if (
  scenarios.some((s) => !SCENARIOS.includes(s)) ||
  !(warm >= 0 && events > 0) ||
  (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0)) ||
  args.some((a) => !/^--(scenarios|priors|events|base|keep|time)=/.test(a))
) {
  console.error(`usage: instructions [--base=REV[,REV…]] [--scenarios=${SCENARIOS.join(",")}] [--priors=50000] [--events=WARM,N] [--keep=DIR] [--time=ROUNDS]`);
  process.exit(2);
}

const here = fileURLToPath(new URL(".", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "threadline-instructions-"));

/** One bundle of drive.ts on a core tree, built as an app's production build resolves it. */
function bundleDrive(label: string, src: string): Promise<string> {
  // Kept beside the callgrind output with --keep, so a JIT frame's file:line can be looked up.
  return bundle(join(here, "drive.ts"), join(keep ?? scratch, `${label}.mjs`), writeShim(src, join(scratch, `${label}-shim.ts`)));
}

/** The measured loop's instructions (see drive.ts: the driver and this process take turns on its stdin and stdout). */
function instructions(label: string, file: string, scenario: string): Promise<number> {
  const out = keep === undefined ? "/dev/null" : join(keep, `${label.replace(/\W+/g, "-")}-${scenario}.out`);
  const child = spawn(
    "setarch",
    ["-R", "valgrind", "--tool=callgrind", "--instr-atstart=no", `--callgrind-out-file=${out}`, process.execPath, "--predictable", "--expose-gc", "--hash-seed=1", "--random-seed=1", ...(keep === undefined ? [] : ["--perf-basic-prof"]), file, scenario, String(priors), String(warm), String(events)],
    // --perf-basic-prof also writes V8 logs into the working directory: the scratch one.
    { stdio: ["pipe", "pipe", "pipe"], cwd: keep ?? scratch },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const toggle = (on: boolean): void => {
    execFileSync("callgrind_control", ["-i", on ? "on" : "off", String(child.pid)], { stdio: "ignore" });
    child.stdin.write("go\n");
  };
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line === "ready") toggle(true);
    else if (line === "done") toggle(false);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => {
      const collected = /Collected : (\d+)/.exec(stderr);
      if (status !== 0 || !collected) reject(new Error(`${scenario}: exit ${status}\n${stderr.slice(-2000)}`));
      else resolve(Number(collected[1]));
    });
  });
}

/** One run of the loop outside valgrind: its wall and CPU time in µs per event. */
function microseconds(file: string, scenario: string): Promise<{ wall: number; cpu: number }> {
  const child = spawn(process.execPath, ["--expose-gc", file, scenario, String(priors), String(warm), String(events)], {
    stdio: ["ignore", "pipe", "pipe"],
    cwd: scratch,
    env: { ...process.env, DRIVE_TIME: "1" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => {
      const ns = /^time (\d+) (\d+)$/m.exec(stdout);
      if (status !== 0 || !ns) reject(new Error(`${scenario}: exit ${status}\n${stderr.slice(-2000)}`));
      else resolve({ wall: Number(ns[1]) / 1000 / events, cpu: Number(ns[2]) / 1000 / events });
    });
  });
}

const builds: [string, string][] = [];
for (const rev of bases) builds.push([`base ${rev}`, await bundleDrive(`base-${rev.replace(/\W+/g, "-")}`, coreSource(rev, scratch))]);
builds.push(["this checkout", await bundleDrive("head", coreSource(undefined, scratch))]);
if (rounds !== undefined) {
  console.log(`µs per event over ${events} events after ${warm} warm-up events; ${priors} prior messages in the text scenarios; medians of ${rounds} rounds`);
  console.log("CPU time of the process (what other processes took of the core is left out), wall clock in brackets\n");
  console.log(`| scenario | ${builds.map(([label]) => label).join(" | ")} |${base !== undefined ? " this ÷ first base, CPU (median of per-round ratios) |" : ""}`);
  console.log(`| --- | ${builds.map(() => "---:").join(" | ")} |${base !== undefined ? " ---: |" : ""}`);
  for (const scenario of scenarios) {
    const samples = builds.map((): { wall: number; cpu: number }[] => []);
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = builds.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      const taken: { wall: number; cpu: number }[] = [];
      for (const i of order) taken[i] = await microseconds(builds[i]![1], scenario);
      taken.forEach((value, i) => samples[i]!.push(value));
      if (taken.length >= 2) ratios.push(taken[taken.length - 1]!.cpu / taken[0]!.cpu);
    }
    const cells = samples.map((values) => `${median(values.map((v) => v.cpu)).toFixed(3)} (${median(values.map((v) => v.wall)).toFixed(3)})`);
    const ratio = ratios.length > 0 ? ` ${median(ratios).toFixed(3)}× |` : "";
    console.log(`| ${scenario} | ${cells.join(" | ")} |${ratio}`);
  }
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
}
console.log(`instructions per event over ${events} events after ${warm} warm-up events; ${priors} prior messages in the text scenarios\n`);
console.log(`| scenario | ${builds.map(([label]) => label).join(" | ")} |${base !== undefined ? " this ÷ first base |" : ""}`);
console.log(`| --- | ${builds.map(() => "---:").join(" | ")} |${base !== undefined ? " ---: |" : ""}`);
for (const scenario of scenarios) {
  // The builds side by side: one callgrind each, at once (each is one thread).
  const perEvent = (await Promise.all(builds.map(([label, file]) => instructions(label, file, scenario)))).map((count) => count / events);
  const ratio = perEvent.length >= 2 ? ` ${(perEvent[perEvent.length - 1]! / perEvent[0]!).toFixed(3)}× |` : "";
  console.log(`| ${scenario} | ${perEvent.map((v) => v.toFixed(0)).join(" | ")} |${ratio}`);
}
rmSync(scratch, { recursive: true, force: true });
