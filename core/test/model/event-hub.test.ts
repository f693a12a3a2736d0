// The event hub keeps nothing for a CUSTOM name once its last listener is gone: an app that
// listens to per-request names (`progress:<id>`) does not grow the hub forever.
import { describe, expect, it } from "vitest";
import type { CustomEvent } from "@ag-ui/core";
import { EventHub } from "../../src/model/event-hub.js";
import { dispatchEvent } from "../../src/fold/dispatch.js";

/** The hub's listener sets by name (internal; read here to count what it keeps). */
const names = (hub: EventHub): ReadonlyMap<string, ReadonlySet<unknown>> => hub.custom;

const custom = (name: string): CustomEvent => ({ type: "CUSTOM", name, value: null }) as CustomEvent;

describe("EventHub.onCustom", () => {
  it("drops a name's entry when its last listener unsubscribes", () => {
    const hub = new EventHub(() => undefined);
    const offs = Array.from({ length: 100 }, (_, i) => hub.onCustom(`progress:${i}`, () => undefined));
    expect(names(hub).size).toBe(100);

    for (const off of offs) off();

    expect(names(hub).size).toBe(0);
  });

  it("keeps the name while another listener remains, and a stale unsubscribe cannot remove a newer listener", () => {
    const hub = new EventHub(() => undefined);
    const heard: string[] = [];
    const offA = hub.onCustom("x", () => heard.push("a"));
    const offB = hub.onCustom("x", () => heard.push("b"));

    offA();
    dispatchEvent(hub, custom("x"));
    expect(heard).toEqual(["b"]);
    offB();
    expect(names(hub).has("x")).toBe(false);

    const offC = hub.onCustom("x", () => heard.push("c"));
    offA();
    offB();
    dispatchEvent(hub, custom("x"));
    expect(heard).toEqual(["b", "c"]);
    offC();
    expect(names(hub).size).toBe(0);
  });
});
