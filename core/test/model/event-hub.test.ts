// The event hub keeps nothing for a CUSTOM name once its last listener is gone: an app that
// listens to per-request names (`progress:<id>`) does not grow the hub forever.
import { describe, expect, it } from "vitest";
import type { CustomEvent } from "@ag-ui/core";
import { EventHub } from "../../src/model/event-hub.js";
import { dispatchEvent } from "../../src/fold/dispatch.js";
import { listenDeafToTextDeltas } from "../../src/model/deaf-to-text-deltas.js";
import { foldEvent } from "../../src/fold/fold-event.js";
import { createThread } from "../../src/index.js";
import type { ThreadImpl } from "../../src/model/thread.js";

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

describe("listenDeafToTextDeltas", () => {
  const delta = { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "a" } as const;
  const start = { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" } as const;

  it("is not called for TEXT_MESSAGE_CONTENT, is called for every other event, in registration order with the others", () => {
    const hub = new EventHub(() => undefined);
    const heard: string[] = [];
    hub.onEvent((event) => heard.push(`first ${event.type}`));
    const offDeaf = listenDeafToTextDeltas(hub, (event) => heard.push(`deaf ${event.type}`));
    hub.onEvent((event) => heard.push(`last ${event.type}`));

    dispatchEvent(hub, start as never);
    dispatchEvent(hub, delta as never);
    expect(heard).toEqual([
      "first TEXT_MESSAGE_START",
      "deaf TEXT_MESSAGE_START",
      "last TEXT_MESSAGE_START",
      "first TEXT_MESSAGE_CONTENT",
      "last TEXT_MESSAGE_CONTENT",
    ]);

    offDeaf();
    expect([hub.size, hub.all.size, hub.deafToTextDeltas.size]).toEqual([2, 2, 0]);
  });

  it("alone, lets the fold skip dispatching a token; a listener that hears tokens brings the dispatch back", () => {
    const thread = createThread({ threadId: "t" });
    const hub = (thread as ThreadImpl).hub;
    const heard: string[] = [];
    listenDeafToTextDeltas(hub, (event) => heard.push(`deaf ${event.type}`));
    foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as never);
    foldEvent(thread, start as never);
    foldEvent(thread, delta as never);
    expect(hub.all.size).toBe(hub.deafToTextDeltas.size);
    const off = thread.onEvent((event) => heard.push(`app ${event.type}`));
    foldEvent(thread, delta as never);
    off();
    foldEvent(thread, delta as never);
    expect(heard).toEqual(["deaf RUN_STARTED", "deaf TEXT_MESSAGE_START", "app TEXT_MESSAGE_CONTENT"]);
    expect((thread.message("m1") as unknown as { content: { peek(): string } }).content.peek()).toBe("aaa");
  });
});
