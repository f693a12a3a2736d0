// Issue 42: the documented Message (docs/guide/vue.md, `<p v-stream-text="node">`) puts no DOM
// node or component instance in the page beyond the app's own Message and elements: the DOM of the
// same Message with a text component of the app's own (counted with comments and empty Text
// nodes), one instance per message, in the browser and after renderToString + hydration;
// `<StreamingText :node tag="li" />` puts in the page what `<li v-stream-text>` does.
import type { MessageNode } from "@threadline/core";
import { chatOf, expectTokenInPlace, nodesIn, total } from "../../core/test/support/dom-census.js";
import { render } from "@testing-library/vue";
import { nextTick, type ComponentInternalInstance, type VNode } from "vue";
import { describe, expect, test, vi } from "vitest";
import { BindingError, StreamingText } from "../src/index.js";
import MessageForms from "./MessageForms.vue";
import { hydratedList } from "./support/hydrated-list.js";

const MESSAGES = 20;
type Form = "documented" | "own" | "wrapped" | "sole" | "sole-hand" | "once";


/** The component instances under `instance` (itself excluded), functional ones included. */
function instancesUnder(instance: ComponentInternalInstance): number {
  const visit = (vnode: VNode | null | undefined): number => {
    if (vnode === null || vnode === undefined) return 0;
    if (vnode.component !== null) return 1 + visit(vnode.component.subTree);
    return Array.isArray(vnode.children) ? (vnode.children as VNode[]).reduce((sum, child) => sum + visit(child), 0) : 0;
  };
  return visit(instance.subTree);
}

function mounted(form: Form, messages: readonly MessageNode[]) {
  const view = render(MessageForms, { props: { messages, form } });
  const list = view.container.querySelector("ol")!;
  const root = (view.container.firstElementChild as { __vueParentComponent?: ComponentInternalInstance }).__vueParentComponent!;
  return { kinds: nodesIn(list), instances: instancesUnder(root), list, unmount: view.unmount };
}

describe("the documented Message pattern", () => {
  test("adds no node beyond a text component of the app's own, and no component instance beyond the Message, in the browser", async () => {
    const thread = chatOf(MESSAGES);
    const view = Object.fromEntries(
      (["documented", "own", "wrapped", "sole", "sole-hand", "once"] as const).map((form) => [form, mounted(form, thread.messages.value)]),
    ) as Record<Form, ReturnType<typeof mounted>>;
    const per = (form: Form) => `${total(view[form].kinds) / MESSAGES} nodes, ${view[form].instances / MESSAGES} instances`;
    console.log(
      `vue per message (${MESSAGES} messages): guide's Message ${per("documented")}; with <p><StreamingText/></p> ${per("wrapped")}; ` +
        `with a text component of the app's own ${per("own")}; a Message that is its text: StreamingText ${per("sole")}, ` +
        `<li v-stream-text> ${per("sole-hand")}, drawn once and never followed ${per("once")}`,
    );
    expect(view.documented.kinds).toEqual(view.own.kinds);
    expect(view.documented.instances).toBe(MESSAGES);
    expect(view["sole-hand"].kinds).toEqual(view.once.kinds);
    expect(view["sole-hand"].instances).toBe(MESSAGES);
    expect(view.sole.kinds).toEqual(view["sole-hand"].kinds);
    expect(view.sole.list.innerHTML).toBe(view["sole-hand"].list.innerHTML);
    // One Text node in each <p>, the escaped text as it is, the class the app gave.
    const paragraphs = [...view.documented.list.querySelectorAll("p")];
    expect(paragraphs.map((p) => [p.childNodes.length, p.textContent, p.className])).toEqual(
      thread.messages.value.map((m, i) => [1, `text <${i}> & more`, m.role]),
    );
    await expectTokenInPlace(thread, paragraphs.at(-1)!, MESSAGES - 1, nextTick, expect);
    for (const each of Object.values(view)) each.unmount();
  });

  test("<StreamingText tag=\"li\"> is sent with its text and hydrated in place too, without a mismatch", async () => {
    const thread = chatOf(MESSAGES);
    const list = await hydratedList("sole", thread.messages.value, "li");
    expect(list.html).toContain('<li class="assistant">text &lt;1&gt; &amp; more</li>');
    expect(list.inPlace).toBe(true);
    await expectTokenInPlace(thread, list.hydrated.at(-1)!, MESSAGES - 1, nextTick, expect);
    list.done();
  });

  test("renderToString sends the element with the text; hydration adopts it and adds nothing", async () => {
    const thread = chatOf(MESSAGES);
    const list = await hydratedList("documented", thread.messages.value, "p");
    expect(list.html).toContain('<p class="assistant">text &lt;1&gt; &amp; more</p>');
    expect(list.inPlace).toBe(true);
    const { target, hydrated } = list;
    const own = mounted("own", thread.messages.value);
    // The server marks a fragment with comments where the browser puts empty Text nodes: the same
    // number of nodes, and the same elements and text.
    const kinds = nodesIn(target.querySelector("ol")!);
    expect(total(kinds)).toBe(total(own.kinds));
    expect([kinds["p"], kinds["text"]]).toEqual([own.kinds["p"], own.kinds["text"]]);
    await expectTokenInPlace(thread, hydrated.at(-1)!, MESSAGES - 1, nextTick, expect);
    own.unmount();
    list.done();
  });
});

test("a tag that is not an element name throws BindingError NOT_AN_ELEMENT_NAME", () => {
  const thread = chatOf(1);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const attempt = () => render(StreamingText, { props: { node: thread.messages.value[0]!, tag: "li onclick=alert(1)" } });
  expect(attempt).toThrow(BindingError);
  expect(attempt).toThrow(expect.objectContaining({ code: "NOT_AN_ELEMENT_NAME" }));
  warn.mockRestore();
});
