// Issue 42: what the documented Message costs per message, counted, not timed: the live objects
// (v8.queryObjects, after a full GC) with a list of 300 messages mounted, less the same list with
// 100, per extra message, and the signals. Vue's twin is vue/test/message-cost.test.ts.
import { queryObjects } from "node:v8";
import { Signal } from "@preact/signals-core";
import { flushSync, mount, unmount } from "svelte";
import { expect, test } from "vitest";
import { chatOf } from "../../core/test/support/dom-census.js";
import MessageForms, { type Form } from "./components/MessageForms.svelte";

const FEW = 100;
const MANY = 300;

interface Census {
  /** Live JS objects (arrays and functions included; jsdom's DOM objects too). */
  readonly objects: number;
  readonly signals: number;
}

/** Per message, what a list of `form` Messages keeps beyond the same list with fewer messages. */
function perMessage(form: Form): Census {
  const all = chatOf(MANY).messages.value;
  const counted = (count: number, census: boolean): Census | undefined => {
    // Svelte's own mount, not Testing Library's, which keeps each mounted component until its cleanup.
    const target = document.createElement("div");
    document.body.append(target);
    const app = mount(MessageForms, { target, props: { messages: all.slice(0, count), form } });
    flushSync();
    // The text element: the <li> of the bench's forms, the guide's own <p>.
    expect(target.querySelectorAll("ol > li, ol > p")).toHaveLength(count);
    // queryObjects collects garbage first, then walks the heap: a few seconds in jsdom's.
    const kept = census ? { objects: queryObjects(Object, { format: "count" }), signals: queryObjects(Signal, { format: "count" }) } : undefined;
    void unmount(app);
    target.remove();
    return kept;
  };
  counted(FEW, false); // compiled code, caches and first allocations are not the list's
  const few = counted(FEW, true)!;
  const many = counted(MANY, true)!;
  return { objects: (many.objects - few.objects) / (MANY - FEW), signals: (many.signals - few.signals) / (MANY - FEW) };
}

test("the guide's Message keeps no signal and at most 28 objects per message beyond a list drawn once (the bare action 3)", { timeout: 300_000 }, () => {
  const once = perMessage("once");
  const guide = perMessage("sole");
  const action = perMessage("sole-hand");
  const round = (census: Census) => `${census.objects.toFixed(1)} objects, ${census.signals} signals`;
  console.log(`svelte per message: drawn once ${round(once)}; <StreamingText tag="li"> ${round(guide)}; <li use:streamText> ${round(action)}`);
  expect(guide.signals).toBe(0);
  expect(action.signals).toBe(0);
  // 2026-12-07: 27.5 and 2.5 on 50.8 (the half: user and assistant messages alternate, and only
  // some of Svelte's per-item objects differ between them). StreamingText's component (its props,
  // rest props and effects) is most of it; the action's is the Text node's follower and the node's
  // record of rare fields that lists it.
  expect(Math.round(guide.objects - once.objects)).toBeLessThanOrEqual(28);
  expect(Math.round(action.objects - once.objects)).toBeLessThanOrEqual(3);
});

test("the guide's Message with its parts loop keeps no signal per message for its parts, and at most 70 objects beyond StreamingText alone", { timeout: 300_000 }, () => {
  const sole = perMessage("sole");
  const guide = perMessage("documented");
  const round = (census: Census) => `${census.objects.toFixed(1)} objects, ${census.signals} signals`;
  console.log(`svelte per message: <StreamingText tag="li"> ${round(sole)}; the guide's Message (StreamingText, useMessageParts, the parts loop) ${round(guide)}`);
  // The parts are heard through core's subscribeParts (a follower in the node's rare record), not
  // a parts signal: 0.5 signals per message (one per assistant message) before. 2026-12-07: 143.5
  // on 76.8 (150.0 with the signal and its bridge), the rest being the guide's template: its
  // {#each} block with an item per part (the text part, drawn as nothing), the $derived, the
  // runes read's createSubscriber and Svelte's effect for each read.
  expect(guide.signals).toBe(0);
  expect(Math.round(guide.objects - sole.objects)).toBeLessThanOrEqual(70);
});
