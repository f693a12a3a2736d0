// `--profile=lane,priors,mode`: one extra run under the V8 sampling profiler, to see where a
// lane's time goes. Prints the top functions by self time and writes the .cpuprofile.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decode, type SourceMapMappings } from "@jridgewell/sourcemap-codec";
import type { CDPSession } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export async function profiled<T>(session: CDPSession, body: () => Promise<T>, file: string): Promise<{ result: T; summary: string; profile: Profile }> {
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 50 });
  await session.send("Profiler.start");
  let result: T;
  let profile: Profile;
  try {
    result = await body();
  } finally {
    profile = ((await session.send("Profiler.stop")) as unknown as { profile: Profile }).profile;
    await session.send("Profiler.disable");
  }
  writeFileSync(file, JSON.stringify(profile));
  return { result, summary: summarise(profile), profile };
}

function summarise(profile: Profile): string {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    total += us;
    const file = url.slice(url.lastIndexOf("/") + 1);
    const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30);
  return [`busy ${(total / 1000).toFixed(1)} ms (self time, idle excluded)`, ...top.map(([key, us]) => `${(us / 1000).toFixed(2).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)].join("\n");
}

/** The areas a source file is charged to in the summary by source. */
function areaOf(source: string): string {
  const own = /(?:^|\/)(core|vue|svelte)\/src\//.exec(source);
  if (own && !source.includes("node_modules")) return own[1] === "core" ? "Threadline core" : `@threadline/${own[1]} binding`;
  const pkg = /node_modules\/(?!.*node_modules)((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!.startsWith("@vue/") || pkg[1] === "vue" ? "Vue runtime" : pkg[1]!;
  if (source.includes("bench/src/")) return "bench page and harness";
  return source;
}

interface LoadedMap {
  readonly sources: readonly string[];
  readonly mappings: SourceMapMappings;
}

/**
 * Self time of one or more profiles (idle excluded) by the source file each function is defined
 * in, through the sourcemaps of the built pages in `outDir`: a table by area (core, the binding,
 * the framework's runtime, GC…) and the top files. Functions with no script (GC, the DOM's native
 * code reached from JS) are charged to their V8 name, `(garbage collector)`, `(program)`.
 */
export function summariseBySource(profiles: readonly Profile[], outDir: string, top = 25): string {
  const maps = new Map<string, LoadedMap | null>();
  const mapOf = (url: string): LoadedMap | null => {
    let map = maps.get(url);
    if (map === undefined) {
      const file = join(outDir, new URL(url).pathname) + ".map";
      map = null;
      if (existsSync(file)) {
        const raw = JSON.parse(readFileSync(file, "utf8")) as { sources: string[]; mappings: string };
        map = { sources: raw.sources, mappings: decode(raw.mappings) };
      }
      maps.set(url, map);
    }
    return map;
  };
  const sourceOf = (url: string, line: number, column: number): string => {
    if (!url.startsWith("http")) return url === "" ? "(native)" : url;
    const map = mapOf(url);
    if (map === null) return url.slice(url.lastIndexOf("/") + 1);
    const segments = map.mappings[line] ?? [];
    let found: number | undefined;
    for (const segment of segments) {
      if (segment[0] > column) break;
      if (segment.length > 1) found = segment[1];
    }
    return found === undefined ? "(unmapped)" : map.sources[found]!.replace(/^(\.\.\/)+/, "");
  };
  const lineOf = (url: string, line: number, column: number): number | undefined => {
    const map = url.startsWith("http") ? mapOf(url) : null;
    let found: number | undefined;
    for (const segment of map?.mappings[line] ?? []) {
      if (segment[0] > column) break;
      if (segment.length > 2) found = segment[2]! + 1;
    }
    return found;
  };
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const profile of profiles) {
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      if (functionName === "(idle)" || us === 0) continue;
      total += us;
      const file = url === "" ? `(${functionName.replace(/^\(|\)$/g, "") || "native"})` : sourceOf(url, lineNumber, columnNumber);
      byFile.set(file, (byFile.get(file) ?? 0) + us);
      if (url !== "") {
        const fn = `${functionName || "(anonymous)"} ${file.slice(file.lastIndexOf("/") + 1)}:${lineOf(url, lineNumber, columnNumber) ?? "?"}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      }
    }
  }
  const byArea = new Map<string, number>();
  for (const [file, us] of byFile) {
    const area = file.startsWith("(") ? file : areaOf(file);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const n = profiles.length;
  const row = (name: string, us: number): string => `| ${name} | ${(us / 1000 / n).toFixed(2)} | ${((100 * us) / total).toFixed(1)}% |`;
  return [
    `busy ${(total / 1000 / n).toFixed(1)} ms a profile (self time, idle excluded; mean of ${n})`,
    "",
    "| area | ms | share |",
    "| --- | ---: | ---: |",
    ...[...byArea].sort((a, b) => b[1] - a[1]).map(([name, us]) => row(name, us)),
    "",
    "| source file | ms | share |",
    "| --- | ---: | ---: |",
    ...[...byFile].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => row(name, us)),
    "",
    "| function (source line; minified name) | ms | share |",
    "| --- | ---: | ---: |",
    ...[...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => row(name, us)),
  ].join("\n");
}
