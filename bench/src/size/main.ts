// `pnpm bench:size [--check] [entry…]`: weighs the quick starts, each opt-in subpath and the peers
// (Vite production build, framework external, min+gzip) and prints one table; with --check exits 1
// when one of ours is over its budget, up front or after its first send (the test command runs it so).
import { staleDist } from "./dist-fresh.js";
import { SIZE_ENTRIES } from "./entries.js";
import { weigh, type Weight } from "./measure.js";

const args = process.argv.slice(2);
const checking = args.includes("--check");
// --why prints what each entry's minified bytes are made of: per package or source folder, then the
// largest modules (`--why=60` lists 60), charged through the build's sourcemap, then the chunks.
const whyArg = args.find((a) => a === "--why" || a.startsWith("--why="));
const why = whyArg !== undefined;
const whyModules = whyArg?.includes("=") ? Number(whyArg.slice("--why=".length)) : 30;
// --stub=a,b weighs each entry with those core modules (paths under core/dist, no `.js`) replaced by
// empty ones: what making them lazy or opt-in would save at most. Not with --check: that build is
// not the library.
const stubArg = args.find((a) => a.startsWith("--stub="));
const stubs = stubArg === undefined ? [] : stubArg.slice("--stub=".length).split(",").filter((s) => s !== "");
if (checking && stubs.length > 0) {
  console.error("--stub weighs a build with modules left out; it cannot --check budgets");
  process.exit(2);
}
const names = args.filter((a) => !a.startsWith("--"));
const unknown = names.filter((n) => !(n in SIZE_ENTRIES));
if (unknown.length > 0) {
  console.error(`unknown entries: ${unknown.join(", ")}; known: ${Object.keys(SIZE_ENTRIES).join(", ")}`);
  process.exit(2);
}
const stale = staleDist();
if (stale) {
  console.error(`${stale}: the size bench weighs the built packages; run \`pnpm build\` at the workspace root first`);
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(SIZE_ENTRIES);
const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

const rows: string[] = [];
const over: string[] = [];
// Issue 18's weight target, read in bytes: the table's one decimal would round 20,040 B down to 20.0.
const TARGET = 20_000;
const targets: string[] = [];
// Issue 42: what a working chat has loaded after its first send (up front + the chunks the send and
// one streamed answer load), for the quick starts and the README's pages, beside the peers.
const AFTER_SEND = ["quick-start-svelte", "quick-start-vue", "readme-page-svelte", "readme-page-vue", "ai-sdk-svelte", "ai-sdk-vue", "tanstack-ai-client"];
const afterSend: string[] = [];
for (const name of chosen) {
  const entry = SIZE_ENTRIES[name]!;
  // --check weighs what it gates, and the after-send rows (beside the peers; the quick starts gated there too).
  if (checking && entry.budget === undefined && !AFTER_SEND.includes(name)) continue;
  const weight: Weight = await weigh(name, entry.code, why, stubs);
  const budget = entry.budget === undefined ? "—" : kb(entry.budget);
  const verdict = entry.budget === undefined ? "" : weight.gzip <= entry.budget ? "ok" : "OVER";
  if (verdict === "OVER") over.push(`${name}: ${kb(weight.gzip)} KB > ${budget} KB`);
  const sendBudget = entry.afterSendBudget;
  if (sendBudget !== undefined && weight.afterSend > sendBudget) over.push(`${name} after its first send: ${kb(weight.afterSend)} KB > ${kb(sendBudget)} KB`);
  if (why) {
    const list = (pairs: [string, number][]): string => pairs.map(([k, v]) => `  ${kb(v).padStart(7)} ${k}`).join("\n");
    console.error(`\n${name}: ${kb(weight.minified)} KB minified, by package or folder:\n${list(weight.parts)}`);
    console.error(`largest modules (minified KB):\n${list(weight.modules.slice(0, whyModules))}`);
    if (weight.sendModules.length > 0) console.error(`largest modules the first send loads (minified KB):\n${list(weight.sendModules.slice(0, whyModules))}`);
    // Up front first, then the lazy ones; a chunk's own modules, so a split shared part is visible.
    const chunks = [...weight.chunks].sort((a, b) => Number(b.upFront) - Number(a.upFront) || b.minified - a.minified);
    console.error(`chunks (min / gzip KB; gzipped one by one, as a browser gets them):`);
    for (const c of chunks) {
      const shown = c.modules.slice(0, 6).join(", ") + (c.modules.length > 6 ? `, … (${c.modules.length} modules)` : "");
      console.error(`  ${kb(c.minified).padStart(7)} ${kb(c.gzip).padStart(6)} ${c.upFront ? "up front" : "lazy    "} ${c.fileName}: ${shown}`);
    }
  }
  // Lazy chunks are reported, not gated: the page fetches them on first use (the engine with the first message).
  const lazy = weight.lazy.map((c) => `${c.name} ${kb(c.gzip)}`).join(", ") || "—";
  rows.push(`| ${entry.title} | ${kb(weight.minified)} | **${kb(weight.gzip)}** | ${kb(weight.afterSend)} | ${budget} | ${verdict} | ${lazy} |`);
  if (AFTER_SEND.includes(name)) {
    const loads = weight.sendChunks.length === 0 ? "nothing more" : weight.sendChunks.join(" + ");
    const gate = sendBudget === undefined ? "—" : `${kb(sendBudget)} ${weight.afterSend <= sendBudget ? "ok" : "OVER"}`;
    afterSend.push(`| ${entry.title.replace(/ \(.*$/, "")} | ${entry.side} | ${kb(weight.gzip)} | ${loads} | **${kb(weight.afterSend)}** | ${gate} |`);
  }
  if (name === "quick-start-svelte" || name === "quick-start-vue") {
    const bytes = weight.gzip.toLocaleString("en-US");
    targets.push(`| ${entry.title.replace(/ \(.*$/, "")} up front ≤ 20 KB (20,000 B min+gzip) | ${bytes} B | ${weight.gzip <= TARGET ? "pass" : "**FAIL**"} |`);
  }
}
console.log(`\n### Bundle weight (Vite production build, framework external; KB = 1,000 bytes)${stubs.length > 0 ? `, without ${stubs.join(", ")} (stubbed: not a working build)` : ""}\n`);
console.log("| Entry | min KB | min+gzip KB up front | after first send | budget KB | | lazy chunks, min+gzip KB each (loaded on first use) |");
console.log("|---|---:|---:|---:|---:|---|---|");
for (const row of rows) console.log(row);
if (afterSend.length > 0) {
  console.log("\n### A working chat after its first send (issue 42; min+gzip KB; the quick starts gated, the rest printed)\n");
  console.log("| page | | up front | a send and one SSE answer load | after the first send | budget |\n|---|---|---:|---|---:|---|");
  for (const row of afterSend) console.log(row);
}
if (targets.length > 0) {
  console.log("\n### Weight target (issue 18; the budgets above are what --check gates)\n");
  console.log("| target | measured | |\n|---|---:|---|");
  for (const row of targets) console.log(row);
}
if (over.length > 0) {
  console.error(`\n✗ over budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
