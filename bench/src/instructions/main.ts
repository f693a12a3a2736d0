// `pnpm -C bench run instructions [--base=REV] [--scenarios=a,b] [--priors=50000] [--events=WARM,N]`:
// instructions per event of the hot loops in drive.ts, counted by valgrind's callgrind, for this
// checkout's core and (with --base) the core of a git revision, beside each other. Instruction
// counts do not depend on what else the machine runs, so an A/B taken on a loaded machine holds;
// wall-clock time does not. Only the measured loop is counted (callgrind starts with
// instrumentation off; `callgrind_control` turns it on after the set-up and the warm-up loop, and
// off after the loop). V8 runs --predictable (one thread, fixed seeds) under `setarch -R` (no
// address randomisation): the same build and input count the same within a few thousand
// instructions, a fraction of an instruction per event.
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SCENARIOS = ["text-fold", "text-pipeline", "text-chat", "text-view", "state-fold", "state-pipeline"];
const scenarios = (option("scenarios") ?? SCENARIOS.join(",")).split(",");
const priors = Number(option("priors") ?? 50_000);
const [warm, events] = (option("events") ?? "20000,20000").split(",").map(Number) as [number, number];
const base = option("base");
// --keep=DIR keeps each run's callgrind output (DIR/<build>-<scenario>.out) for callgrind_annotate,
// with V8's map of its compiled code (/tmp/perf-<pid>.map, --perf-basic-prof) to name the JIT frames.
const keep = option("keep");
if (scenarios.some((s) => !SCENARIOS.includes(s)) || !(warm >= 0 && events > 0) || args.some((a) => !/^--(scenarios|priors|events|base|keep)=/.test(a))) {
  console.error(`usage: instructions [--base=REV] [--scenarios=${SCENARIOS.join(",")}] [--priors=50000] [--events=WARM,N] [--keep=DIR]`);
  process.exit(2);
}

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "threadline-instructions-"));
// core's build dependency; only `build` is used, so it is typed here rather than made bench's.
const esbuild = createRequire(join(repo, "core/package.json"))("esbuild") as { build(options: Record<string, unknown>): Promise<unknown> };

/** A core/src tree: this checkout's, or `rev`'s extracted beside its node_modules (the dependencies are this checkout's). */
function coreSource(rev: string | undefined): string {
  if (rev === undefined) return join(repo, "core/src");
  const root = join(scratch, "base");
  mkdirSync(root);
  execFileSync("sh", ["-c", `git -C "${repo}" archive "${rev}" core | tar -x -C "${root}"`]);
  symlinkSync(join(repo, "core/node_modules"), join(root, "core/node_modules"));
  return join(root, "core/src");
}

/** One bundle of drive.ts on a core tree, built as an app's production build resolves it. */
async function bundle(label: string, src: string): Promise<string> {
  // The names drive.ts uses, from wherever that build exports them (the root once, subpaths later).
  const from = (name: string) => (existsSync(join(src, name, "index.ts")) ? join(src, name, "index.ts") : join(src, "index.ts"));
  const shim = join(scratch, `${label}-shim.ts`);
  writeFileSync(
    shim,
    [
      `export { createThread, ChatClient } from ${JSON.stringify(join(src, "index.ts"))};`,
      `export { foldEvent } from ${JSON.stringify(from("fold"))};`,
      `export { createPipeline } from ${JSON.stringify(from("pipeline"))};`,
      `export { subscribeText } from ${JSON.stringify(from("model"))};`,
    ].join("\n"),
  );
  // Kept beside the callgrind output with --keep, so a JIT frame's file:line can be looked up.
  const out = join(keep ?? scratch, `${label}.mjs`);
  await esbuild.build({
    entryPoints: [join(here, "drive.ts")],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    conditions: ["production"],
    alias: { "threadline-under-test": shim },
    logLevel: "error",
  });
  return out;
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

const builds: [string, string][] = [];
if (base !== undefined) builds.push([`base ${base}`, await bundle("base", coreSource(base))]);
builds.push(["this checkout", await bundle("head", coreSource(undefined))]);
console.log(`instructions per event over ${events} events after ${warm} warm-up events; ${priors} prior messages in the text scenarios\n`);
console.log(`| scenario | ${builds.map(([label]) => label).join(" | ")} |${base !== undefined ? " this ÷ base |" : ""}`);
console.log(`| --- | ${builds.map(() => "---:").join(" | ")} |${base !== undefined ? " ---: |" : ""}`);
for (const scenario of scenarios) {
  // The builds side by side: one callgrind each, at once (each is one thread).
  const perEvent = (await Promise.all(builds.map(([label, file]) => instructions(label, file, scenario)))).map((count) => count / events);
  const ratio = perEvent.length === 2 ? ` ${(perEvent[1]! / perEvent[0]!).toFixed(3)}× |` : "";
  console.log(`| ${scenario} | ${perEvent.map((v) => v.toFixed(0)).join(" | ")} |${ratio}`);
}
rmSync(scratch, { recursive: true, force: true });
