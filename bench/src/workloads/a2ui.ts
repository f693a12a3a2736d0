// A2UI: one data-model update on a surface of 10 and of 1,000 bound components (issue 43). The
// update arrives as the middleware's activity delta (an updateDataModel operation appended to the
// a2ui-surface activity) and goes through the fold into the surface; every bound component is an
// effect reading its view, as a renderer's component is. Metric: µs per update, and how many bound
// components re-ran per update (1: the one bound to the changed path). Beside it, @a2ui/web_core's
// own DataModel (the one its renderers use) with the same bindings, written the same way.
import { effect } from "@preact/signals-core";
// web_core's own effect: its signals may be another copy of @preact/signals-core.
import { DataModel, effect as webCoreEffect, getValue } from "@a2ui/web_core/v0_9";
import type { AGUIEvent } from "@ag-ui/core";
import { createThread } from "@threadline/core";
import { createA2uiSurfaces } from "@threadline/core/a2ui";
import { foldEvent } from "@threadline/core/fold";
import { expectEqual } from "../cell.js";
import { keepAlive, timingFor, type Mode, type Setup } from "../measure.js";
import { measurePlan, perOp, type Planned } from "../plan.js";
import type { WorkloadReport } from "../results.js";

export const LANES = ["Threadline", "components re-run per update (count)", "@a2ui/web_core DataModel", "web_core bindings re-run per update (count)"];

export const SIZES = [10, 1000] as const;
const UPDATES = 200;
const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `item ${i}` }));

function surfaceOperations(n: number): object[] {
  return [
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CATALOG } },
    {
      version: "v0.9",
      updateComponents: {
        surfaceId: "s",
        components: [
          { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
          { id: "row", component: "Text", text: { path: "name" } },
        ],
      },
    },
    { version: "v0.9", updateDataModel: { surfaceId: "s", value: { items: items(n) } } },
  ];
}

const update = (k: number, n: number): AGUIEvent =>
  ({
    type: "ACTIVITY_DELTA",
    messageId: "a2ui-surface-1",
    activityType: "a2ui-surface",
    patch: [{ op: "add", path: "/a2ui_operations/-", value: { version: "v0.9", updateDataModel: { surfaceId: "s", path: `/items/${(k * 7) % n}/name`, value: `renamed ${k}` } } }],
  }) as AGUIEvent;

function threadlineSetup(n: number, reruns: (count: number) => void): Setup {
  return () => {
    const thread = createThread();
    const surfaces = createA2uiSurfaces({
      onWarning: (w) => {
        throw new Error(`A2UI warning ${w.code}: ${w.message}`);
      },
    });
    surfaces.follow(thread);
    foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as AGUIEvent);
    foldEvent(thread, { type: "ACTIVITY_SNAPSHOT", messageId: "a2ui-surface-1", activityType: "a2ui-surface", content: { a2ui_operations: surfaceOperations(n) } } as AGUIEvent);
    const surface = surfaces.surface("s")!;
    const rows = surface.children(surface.view("root").value!.props["children"]);
    let runs = 0;
    const stops = [effect(() => void rows.value)];
    for (const child of rows.value) {
      const view = surface.view(child.id, child.scope);
      stops.push(effect(() => void (view.value, runs++)));
    }
    const events = Array.from({ length: UPDATES }, (_, k) => update(k, n));
    const before = runs;
    return {
      run() {
        for (const event of events) foldEvent(thread, event);
      },
      verify() {
        reruns((runs - before) / UPDATES);
        const last = UPDATES - 1;
        expectEqual(surface.data.get(`/items/${(last * 7) % n}/name`), `renamed ${last}`, "Threadline data model after the updates");
        for (const stop of stops) stop();
        keepAlive(thread);
      },
    };
  };
}

function webCoreSetup(n: number, reruns: (count: number) => void): Setup {
  return () => {
    const model = new DataModel({ items: items(n) });
    let runs = 0;
    // The template's list binding, then one binding per rendered text.
    const list = model.getSignal("/items");
    const stops = [webCoreEffect(() => void getValue(list))];
    for (let i = 0; i < n; i++) {
      const text = model.getSignal(`/items/${i}/name`);
      stops.push(webCoreEffect(() => void (getValue(text), runs++)));
    }
    const before = runs;
    return {
      run() {
        for (let k = 0; k < UPDATES; k++) model.set(`/items/${(k * 7) % n}/name`, `renamed ${k}`);
      },
      verify() {
        reruns((runs - before) / UPDATES);
        const last = UPDATES - 1;
        expectEqual(model.get(`/items/${(last * 7) % n}/name`), `renamed ${last}`, "web_core data model after the updates");
        for (const stop of stops) stop();
        keepAlive(model);
      },
    };
  };
}

export async function runA2ui(mode: Mode): Promise<WorkloadReport> {
  const plan: Planned[] = [];
  const counts = new Map<string, number>();
  const record = (key: string) => (count: number) => counts.set(key, Math.max(count, counts.get(key) ?? 0));
  // Tiny (the test command's correctness run): one small surface.
  for (const n of mode === "tiny" ? [10] : SIZES) {
    const size = `${n} bound`;
    plan.push({ size, lane: LANES[0]!, setups: [threadlineSetup(n, record(`${size} tl`))], toCell: perOp(UPDATES) });
    plan.push({ size, lane: LANES[2]!, setups: [webCoreSetup(n, record(`${size} wc`))], toCell: perOp(UPDATES) });
  }
  const sizes = await measurePlan(plan, timingFor(mode));
  for (const size of sizes) {
    for (const [lane, key] of [[LANES[1]!, "tl"], [LANES[3]!, "wc"]] as const) {
      const count = counts.get(`${size.label} ${key}`);
      size.cells[lane] = count === undefined ? { status: "unavailable", reason: "not measured" } : { status: "ok", value: count, samples: 1, note: "most seen in any sample" };
    }
  }
  return { workload: "A2UI", unit: "µs per data-model update", lanes: LANES, sizes };
}
