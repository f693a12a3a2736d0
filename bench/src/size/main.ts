// `pnpm bench:size [--check] [entry…]`: weighs the quick starts, each opt-in subpath and the peers
// (Vite production build, framework external, min+gzip) and prints one table; with --check exits 1
// when one of ours is over its budget (the test command runs it so).
import { SIZE_ENTRIES } from "./entries.js";
import { weigh, type Weight } from "./measure.js";

const args = process.argv.slice(2);
const checking = args.includes("--check");
// --why prints what each entry's bytes are made of (rendered, before minification).
const why = args.includes("--why");
const names = args.filter((a) => !a.startsWith("--"));
const unknown = names.filter((n) => !(n in SIZE_ENTRIES));
if (unknown.length > 0) {
  console.error(`unknown entries: ${unknown.join(", ")}; known: ${Object.keys(SIZE_ENTRIES).join(", ")}`);
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(SIZE_ENTRIES);
const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

const rows: string[] = [];
const over: string[] = [];
for (const name of chosen) {
  const entry = SIZE_ENTRIES[name]!;
  if (checking && entry.budget === undefined) continue;
  const weight: Weight = await weigh(name, entry.code);
  const budget = entry.budget === undefined ? "—" : kb(entry.budget);
  const verdict = entry.budget === undefined ? "" : weight.gzip <= entry.budget ? "ok" : "OVER";
  if (verdict === "OVER") over.push(`${name}: ${kb(weight.gzip)} KB > ${budget} KB`);
  if (why) console.error(`${name}:\n${weight.parts.slice(0, 25).map(([k, v]) => `  ${kb(v).padStart(7)} ${k}`).join("\n")}`);
  rows.push(`| ${entry.title} | ${kb(weight.minified)} | **${kb(weight.gzip)}** | ${budget} | ${verdict} |`);
}
console.log("\n### Bundle weight (Vite production build, framework external; KB = 1,000 bytes)\n");
console.log("| Entry | min KB | min+gzip KB | budget KB | |");
console.log("|---|---:|---:|---:|---|");
for (const row of rows) console.log(row);
if (over.length > 0) {
  console.error(`\n✗ over budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
