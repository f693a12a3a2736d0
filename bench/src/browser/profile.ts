// `--profile=lane,priors,mode`: one extra run under the V8 sampling profiler, to see where a
// lane's time goes. Prints the top functions by self time and writes the .cpuprofile.
import { writeFileSync } from "node:fs";
import type { CDPSession } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export async function profiled<T>(session: CDPSession, body: () => Promise<T>, file: string): Promise<{ result: T; summary: string }> {
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
  return { result, summary: summarise(profile) };
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
