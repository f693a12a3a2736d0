// Informal timing of the incremental partial-JSON parser (not part of the test suite).
// Run from the repository root: bench/node_modules/.bin/tsx core/bench/partial-json.bench.ts [--reparse]
// --reparse also times partial-json re-parsing the whole text after every delta (slow: ~30 s at 100 KB).
import { Allow, parse } from "partial-json";
import { createPartialJsonParser } from "../src/json/partial-json-parser.js";

const withReparse = process.argv.includes("--reparse");

/** Deterministic text pieces so runs are comparable. */
function words(seed: number, count: number): string {
  const pool = ["alpha", "beta", "gamma", "délta", "ε", "zeta", 'quo"te', "line\nbreak", "😀", "tab\there"];
  let out = "";
  for (let i = 0; i < count; i++) out += (i > 0 ? " " : "") + pool[(seed * 31 + i * 7) % pool.length];
  return out;
}

/** A table-rendering call: a few fields and a growing array of row objects. */
function rowsShape(bytes: number): string {
  const rows: unknown[] = [];
  const value = { title: words(1, 8), currency: "CHF", rows };
  for (let id = 0; JSON.stringify(value).length < bytes; id++) {
    rows.push({ id, name: words(id, 3 + (id % 5)), price: (id * 37) % 10_000 / 100, active: id % 2 === 0, note: id % 5 === 0 ? null : words(id + 3, 2), tags: [words(id, 1), words(id + 1, 1)] });
  }
  return JSON.stringify(value);
}

/** One long string field, the other extreme. */
function stringShape(bytes: number): string {
  return JSON.stringify({ path: "notes.md", content: words(7, Math.ceil(bytes / 6)).slice(0, bytes) });
}

function deltasOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

function median(run: () => void, reps: number): number {
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const lanes = {
  "push (value after every delta)": (deltas: string[]) => {
    const parser = createPartialJsonParser({ maxNumberLength: 1e6 });
    for (const d of deltas) parser.push(d);
  },
  "write, value every 16 deltas": (deltas: string[]) => {
    const parser = createPartialJsonParser();
    deltas.forEach((d, i) => {
      parser.write(d);
      if (i % 16 === 15) void parser.value;
    });
  },
  "floor: concatenate + JSON.parse once": (deltas: string[]) => {
    let text = "";
    for (const d of deltas) text += d;
    JSON.parse(text);
  },
};

for (const [shapeName, shape] of [["rows", rowsShape], ["long string", stringShape]] as const) {
  console.log(`\n${shapeName}, 10-character deltas`);
  for (const kb of [10, 100, 1000]) {
    const deltas = deltasOf(shape(kb * 1000), 10);
    for (const lane of Object.values(lanes)) for (let w = 0; w < 3; w++) lane(deltas); // warm up
    const cells = Object.entries(lanes).map(([name, lane]) => `${name} ${median(() => lane(deltas), kb >= 1000 ? 3 : 11).toFixed(2)} ms`);
    if (withReparse && kb <= 100) {
      cells.push(`partial-json re-parse ${median(() => {
        let text = "";
        for (const d of deltas) parse((text += d), Allow.ALL);
      }, 1).toFixed(0)} ms`);
    }
    console.log(`  ${kb} KB: ${cells.join(" | ")}`);
  }
}
