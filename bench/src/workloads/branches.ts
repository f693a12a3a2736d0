// Branches: switching the active branch of a 1,000-message conversation, forked near the start
// and near the end. Metric: µs per switch, and how many watchers (the message list, every
// message's content, status, state) re-ran per switch — the list alone, so 1.
import { unavailable } from "../cell.js";
import { threadlineBranches, type ForkedThread } from "../lanes/threadline.js";
import { keepAlive, timingFor, type Mode, type Setup } from "../measure.js";
import { measurePlan, perOp, type Planned } from "../plan.js";
import type { WorkloadReport } from "../results.js";

export const LANES = ["Threadline switchBranch", "watchers re-run per switch (count)", "floor prefix + suffix copy"];

const SWITCHES = 200;

/** `total` messages; the answer to the user message at `position` is regenerated as long as the old suffix. */
function forked(total: number, position: number): ForkedThread {
  return {
    messages: Array.from({ length: total }, (_, i) => ({ id: `m${i}`, role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `message ${i}` })),
    position,
    alternative: Array.from({ length: total - position - 1 }, (_, i) => `alternative ${i}`),
  };
}

/** The floor: building the switched path as a plain array, nothing else. */
function floorSetup(thread: ForkedThread): Setup {
  return () => {
    const at = thread.position + 1;
    const paths = [thread.messages.slice(at), thread.alternative.map((content, i) => ({ id: `alt${i}`, role: "assistant", content }))];
    let shown: readonly object[] = thread.messages;
    return {
      run() {
        for (let i = 0; i < SWITCHES; i++) shown = [...shown.slice(0, at), ...paths[i % 2]!];
      },
      verify: () => keepAlive(shown),
    };
  };
}

export async function runBranches(mode: Mode): Promise<WorkloadReport> {
  const lane = await threadlineBranches();
  const plan: Planned[] = [];
  const counts = new Map<string, number>();
  const total = mode === "tiny" ? 40 : 1000;
  for (const position of [10, total - 10]) {
    const size = `${total} messages, fork at ${position + 1}`;
    const thread = forked(total, position);
    if (typeof lane === "string") {
      plan.push({ size, lane: LANES[0]!, cell: unavailable(lane) });
    } else {
      plan.push({ size, lane: LANES[0]!, setups: [lane(thread, SWITCHES, (n) => counts.set(size, Math.max(n, counts.get(size) ?? 0)))], toCell: perOp(SWITCHES) });
    }
    plan.push({ size, lane: LANES[2]!, setups: [floorSetup(thread)], toCell: perOp(SWITCHES) });
  }
  const sizes = await measurePlan(plan, timingFor(mode));
  for (const size of sizes) {
    const count = counts.get(size.label);
    size.cells[LANES[1]!] = count === undefined ? unavailable("not measured") : { status: "ok", value: count, samples: 1, note: "most seen in any sample" };
  }
  return { workload: "branches", unit: "µs per switch", lanes: LANES, sizes };
}
