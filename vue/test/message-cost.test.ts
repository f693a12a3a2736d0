// Issue 42: what the documented Message costs per message, counted, not timed: the live objects
// (v8.queryObjects, after a full GC) with a list of 300 messages mounted, less the same list with
// 100, per extra message, beside the component instances, render effects and signals. The heap a
// page keeps is these objects: a change that makes the pattern mount a component instance, an
// effect, a signal or a few more objects per message turns this red, where a benchmark of the heap
// would need a browser and a quiet machine to tell.
import { queryObjects } from "node:v8";
import { Signal } from "@preact/signals-core";
import { createApp, type ComponentInternalInstance, type VNode } from "vue";
import { expect, test } from "vitest";
import { chatOf } from "../../core/test/support/dom-census.js";
import MessageForms, { type Form } from "./MessageForms.vue";

const FEW = 100;
const MANY = 300;

interface Census {
  /** Live JS objects (arrays and functions included; jsdom's DOM objects too). */
  readonly objects: number;
  readonly signals: number;
  /** Component instances, each with its effect scope. */
  readonly instances: number;
  /** Effects in the instances' scopes: the render effect, and any a composable made. */
  readonly effects: number;
}

/** The component instances under `root` (itself excluded) and the effects in their scopes. */
function instancesUnder(root: ComponentInternalInstance): { instances: number; effects: number } {
  const found = { instances: 0, effects: 0 };
  const visit = (vnode: VNode | null | undefined): void => {
    if (vnode === null || vnode === undefined) return;
    if (vnode.component !== null) {
      found.instances++;
      // The instance's scope and its effects are marked internal in Vue's types.
      found.effects += (vnode.component as unknown as { scope: { effects: readonly unknown[] } }).scope.effects.length;
      visit(vnode.component.subTree);
    } else if (Array.isArray(vnode.children)) {
      for (const child of vnode.children as VNode[]) visit(child);
    }
  };
  visit(root.subTree);
  return found;
}

/** Per message, what a list of `form` Messages keeps beyond the same list with fewer messages. */
function perMessage(form: Form, heap = true): Census {
  const all = chatOf(MANY).messages.value;
  const counted = (count: number, census: boolean): Census | undefined => {
    // Vue's own mount, not Testing Library's, which keeps each mounted wrapper until its cleanup.
    const target = document.createElement("div");
    document.body.append(target);
    const app = createApp(MessageForms, { messages: all.slice(0, count), form });
    app.mount(target);
    expect(target.querySelectorAll("ol > *")).toHaveLength(count);
    // queryObjects collects garbage first, then walks the heap: a few seconds in jsdom's, so
    // two kinds only, the rest read from the component tree.
    const kept = census
      ? { objects: heap ? queryObjects(Object, { format: "count" }) : 0, signals: heap ? queryObjects(Signal, { format: "count" }) : 0, ...instancesUnder(app._instance!) }
      : undefined;
    app.unmount();
    target.remove();
    return kept;
  };
  counted(FEW, false); // compiled code, caches and first allocations are not the list's
  const few = counted(FEW, true)!;
  const many = counted(MANY, true)!;
  const per = (kind: keyof Census) => (many[kind] - few[kind]) / (MANY - FEW);
  return { objects: per("objects"), signals: per("signals"), instances: per("instances"), effects: per("effects") };
}

test("the guide's Message keeps one component instance, its render effect, no signal and 7 objects per message beyond a list drawn once", { timeout: 300_000 }, () => {
  const once = perMessage("once");
  const guide = perMessage("sole-hand");
  const component = perMessage("sole", false);
  const round = (census: Census) => `${census.objects.toFixed(1)} objects, ${census.instances} instances, ${census.effects} effects, ${census.signals} signals`;
  console.log(`vue per message: drawn once ${round(once)}; <li v-stream-text> ${round(guide)}; <StreamingText tag="li"> ${component.instances} instances`);
  expect(once).toMatchObject({ instances: 1, effects: 1, signals: 0 });
  expect(guide).toMatchObject({ instances: 1, effects: 1, signals: 0 });
  // The directive's binding, its array and that array's store, the Text node's follower (one
  // object with its subscription), the node's record of rare fields that lists the waiting
  // follower, and two more of Vue's for a vnode with a directive (2026-12-07: 7 on 58; 8 while
  // the follower and its subscription were two objects). Rounded: the count can move by a
  // fraction with what else the heap held.
  expect(Math.round(guide.objects - once.objects)).toBeLessThanOrEqual(7);
  expect(component.instances).toBe(2);
});

test("the guide's Message (useMessageParts, the text-only branch) keeps no fragment, comment, signal or watcher per text message: ≤ 11 objects beyond the element with the directive", { timeout: 300_000 }, () => {
  const sole = perMessage("sole-hand");
  const guide = perMessage("documented");
  const round = (census: Census) => `${census.objects.toFixed(1)} objects, ${census.instances} instances, ${census.effects} effects, ${census.signals} signals`;
  console.log(`vue per message: <li v-stream-text> ${round(sole)}; the guide's Message (useMessageParts, one element) ${round(guide)}`);
  // No watcher, no signal: the render effect is the one effect.
  expect(guide).toMatchObject({ instances: 1, effects: 1, signals: 0 });
  // What is left (2026-12-08: 9.5): the parts ref (one object over one shallowRef, its dependency
  // and the render's link to it; a closure releasing it with the scope), the follower kept on the
  // node, and the node's text part (an object with its getter, in a frozen array). The guide's
  // Message of 2026-12-07, a fragment with its parts loop beside the element over a customRef,
  // kept 30: the fragment's and the loop's anchors and vnodes, the text part's item and comment.
  expect(Math.round(guide.objects - sole.objects)).toBeLessThanOrEqual(11);
});
