// Memory: heap still reachable after folding a 5,000-message conversation (15,002 events). Each
// lane decodes its own events from the same wire lines, so it retains only what it keeps.
import type { AGUIEvent } from "@ag-ui/core";
import { cell, expectEqual, unavailable } from "../cell.js";
import { threadWire } from "../generate.js";
import { prepareAgUiRun } from "../lanes/agui.js";
import { threadlineThread } from "../lanes/threadline.js";
import { retainedBytes } from "../measure.js";
import type { Cell, WorkloadReport } from "../results.js";

export const LANES = ["Threadline", "@ag-ui/client", "floor Message[]"];

type Wire = ReturnType<typeof threadWire>;

function* decode(wire: Wire): Generator<AGUIEvent> {
  for (const line of wire.lines()) yield JSON.parse(line) as AGUIEvent;
}

/** The floor: the plain AG-UI Message[] itself, built by the simplest possible fold. */
function plainMessages(events: Iterable<AGUIEvent>): { id: string; role: string; content: string }[] {
  const messages: { id: string; role: string; content: string }[] = [];
  for (const event of events) {
    const e = event as { type: string; messageId?: string; role?: string; delta?: string };
    if (e.type === "TEXT_MESSAGE_START") messages.push({ id: e.messageId!, role: e.role!, content: "" });
    else if (e.type === "TEXT_MESSAGE_CONTENT") messages[messages.length - 1]!.content += e.delta!;
  }
  return messages;
}

export async function runMemory(quick: boolean): Promise<WorkloadReport> {
  const messageCount = quick ? 100 : 5000;
  const wire = threadWire(messageCount);
  // Each lane first folds a small thread, untimed and unmeasured: code compiled on first use
  // lives on the heap too, and is not what this measures.
  const warmUp = threadWire(50);
  const mb = (bytes: number): Cell => ({ status: "ok", value: bytes / 1e6, samples: 1 });
  const measure = async (build: (wire: Wire) => Promise<unknown>): Promise<Cell> => {
    await build(warmUp);
    return mb(await retainedBytes(() => build(wire)));
  };
  const threadline = await threadlineThread();
  const cells: Record<string, Cell> = {};
  cells["Threadline"] = await cell(async () =>
    typeof threadline === "string" ? unavailable(threadline) : measure(async (w) => threadline(decode(w))),
  );
  cells["@ag-ui/client"] = await cell(() =>
    measure(async (w) => {
      const { agent, run } = prepareAgUiRun(() => decode(w));
      await run();
      expectEqual(agent.messages.length, w.messageCount, "@ag-ui/client message count");
      return agent;
    }),
  );
  cells["floor Message[]"] = await cell(() => measure(async (w) => plainMessages(decode(w))));
  return {
    workload: "memory",
    unit: "MB retained",
    lanes: LANES,
    sizes: [{ label: `${messageCount} messages`, cells }],
  };
}
