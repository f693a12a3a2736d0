// The invalid-stream fuzz at campaign size, run by hand (not in the test command, which runs 40
// cases per property): `node scripts/fuzz-campaign.mjs [runs] [seed]`. Default 5,000 cases per
// property. A failure prints fast-check's seed and path; pass the seed back to replay it.
import { spawnSync } from "node:child_process";

const runs = process.argv[2] ?? "5000";
const seed = process.argv[3];
const env = { ...process.env, FUZZ_RUNS: runs, ...(seed === undefined ? {} : { FUZZ_SEED: seed }) };
console.log(`invalid-stream fuzz: ${runs} cases per property${seed === undefined ? "" : `, seed ${seed}`}`);
const started = Date.now();
const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", "core", "core/test/hostile/invalid-streams.test.ts", "--testTimeout", "0"],
  { stdio: "inherit", env },
);
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
