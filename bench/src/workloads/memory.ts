// Memory: heap still reachable after folding a 5,000-, a 50,000- and a 100,000-message
// conversation (three events a message), in bytes per message. Each lane decodes its own events from the same wire
// lines, so it retains only what it keeps.
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

// @ag-ui/client copies its message list on every event, so 150,000 events onto 50,000 messages
// would take hours: above this size it gets the same conversation as one MESSAGES_SNAPSHOT (the
// messages it ends up holding are the same objects either way).
const AGUI_EVENTS_UP_TO = 5_000;

function* asSnapshot(wire: Wire): Generator<AGUIEvent> {
  const messages = plainMessages(decode(wire));
  const events = [...decode(wire)];
  yield events[0]!;
  yield { type: "MESSAGES_SNAPSHOT", messages } as unknown as AGUIEvent;
  yield events[events.length - 1]!;
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
  const sizes: WorkloadReport["sizes"] = [];
  const threadline = await threadlineThread();
  // Each lane first folds a small thread, untimed and unmeasured: code compiled on first use
  // lives on the heap too, and is not what this measures.
  const warmUp = threadWire(50);
  // 100,000: the long thread of issue 44, which <ThreadWindow> draws a screenful of.
  for (const messageCount of quick ? [100] : [5_000, 50_000, 100_000]) {
    const wire = threadWire(messageCount);
    const perMessage = (bytes: number, note?: string): Cell => ({ status: "ok", value: bytes / messageCount, samples: 1, ...(note ? { note } : {}) });
    const measure = async (build: (wire: Wire) => Promise<unknown>, note?: string): Promise<Cell> => {
      await build(warmUp);
      return perMessage(await retainedBytes(() => build(wire)), note);
    };
    const cells: Record<string, Cell> = {};
    cells["Threadline"] = await cell(async () =>
      typeof threadline === "string" ? unavailable(threadline) : measure(async (w) => threadline(decode(w))),
    );
    const bySnapshot = messageCount > AGUI_EVENTS_UP_TO;
    cells["@ag-ui/client"] = await cell(() =>
      measure(
        async (w) => {
          const { agent, run } = prepareAgUiRun(() => (bySnapshot && w === wire ? asSnapshot(w) : decode(w)));
          await run();
          expectEqual(agent.messages.length, w.messageCount, "@ag-ui/client message count");
          return agent;
        },
        bySnapshot ? "fed one MESSAGES_SNAPSHOT (per event it copies the list: hours at this size)" : undefined,
      ),
    );
    cells["floor Message[]"] = await cell(() => measure(async (w) => plainMessages(decode(w))));
    sizes.push({ label: `${messageCount} messages`, cells });
  }
  return { workload: "memory", unit: "bytes retained per message", lanes: LANES, sizes };
}
