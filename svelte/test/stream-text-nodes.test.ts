// Issue 42: the documented Message (docs/guide/svelte.md, `<StreamingText {node} tag="p" />`) puts
// no DOM node in the page beyond the element the app asked for — counted with comments and empty
// Text nodes, against the same Message written with the app's own <p> and the `streamText` action —
// in the browser and after server render + hydration; attributes pass through and follow props.
import type { MessageNode } from "@threadline/core";
import { chatOf, expectTokenInPlace, nodesIn, total } from "../../core/test/support/dom-census.js";
import { render } from "@testing-library/svelte";
import { flushSync, hydrate, unmount } from "svelte";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { BindingError, StreamingText } from "../src/index.js";
import AttributedText from "./components/AttributedText.svelte";
import MessageForms from "./components/MessageForms.svelte";
import { ssrVite } from "./support/ssr-vite.js";

const MESSAGES = 20;


type Form = "documented" | "own" | "hand" | "wrapped" | "sole" | "sole-hand";
function mounted(form: Form, messages: readonly MessageNode[]): { kinds: Record<string, number>; list: HTMLElement; unmount: () => void } {
  const { container, unmount } = render(MessageForms, { props: { messages, form } });
  flushSync();
  const list = container.querySelector("ol")!;
  return { kinds: nodesIn(list), list, unmount };
}

describe("the documented Message pattern", () => {
  test("adds no node per message beyond the app's own element, in the browser", async () => {
    const thread = chatOf(MESSAGES);
    const view = Object.fromEntries(
      (["documented", "own", "hand", "wrapped", "sole", "sole-hand"] as const).map((form) => [form, mounted(form, thread.messages.value)]),
    ) as Record<Form, ReturnType<typeof mounted>>;
    const extra = (form: Form, than: Form) => (total(view[form].kinds) - total(view[than].kinds)) / MESSAGES;
    console.log(
      `svelte nodes per message (${MESSAGES} messages): guide's Message ${total(view.documented.kinds) / MESSAGES}, ` +
        `with <p><StreamingText/></p> ${total(view.wrapped.kinds) / MESSAGES}, with a text component of the app's own ` +
        `${total(view.own.kinds) / MESSAGES}, with the app's <p use:streamText> inline ${total(view.hand.kinds) / MESSAGES}; ` +
        `a Message that is its text: StreamingText ${total(view.sole.kinds) / MESSAGES}, <li use:streamText> ` +
        `${total(view["sole-hand"].kinds) / MESSAGES} (extra: ${extra("documented", "own")}, ${extra("wrapped", "own")}, ${extra("sole", "sole-hand")})`,
    );
    // The guide's Message costs what the same Message with a text component of the app's own
    // costs (Svelte anchors a component among siblings with a comment, whichever it is)…
    expect(view.documented.kinds).toEqual(view.own.kinds);
    expect(view.documented.list.innerHTML).toBe(view.own.list.innerHTML);
    // …and a Message that is its text alone costs what the app's own element with the action does.
    expect(view.sole.kinds).toEqual(view["sole-hand"].kinds);
    expect(view.sole.list.innerHTML).toBe(view["sole-hand"].list.innerHTML);
    // One Text node in each <p>, the escaped text as it is, the class the app gave.
    const paragraphs = [...view.documented.list.querySelectorAll("p")];
    expect(paragraphs.map((p) => [p.childNodes.length, p.textContent, p.className])).toEqual(
      thread.messages.value.map((m, i) => [1, `text <${i}> & more`, m.role]),
    );
    await expectTokenInPlace(thread, paragraphs.at(-1)!, MESSAGES - 1, flushSync, expect);
    for (const each of Object.values(view)) each.unmount();
  });

  describe("server render and hydration", () => {
    let vite: ViteDevServer;
    beforeAll(async () => {
      vite = await ssrVite();
    });
    afterAll(() => vite?.close());

    test("the server sends the element with the text; hydration adopts it and adds nothing", async () => {
      const server = (await vite.ssrLoadModule("svelte/server")) as typeof import("svelte/server");
      const ServerForms = ((await vite.ssrLoadModule("/test/components/MessageForms.svelte")) as { default: typeof MessageForms }).default;
      const thread = chatOf(MESSAGES);
      const { body } = await server.render(ServerForms, { props: { messages: thread.messages.value, form: "documented" } });
      expect(body).toContain('<p class="assistant">text &lt;1> &amp; more</p>');

      const target = document.createElement("div");
      target.innerHTML = body;
      document.body.append(target);
      const served = [...target.querySelectorAll("p")];
      const warn = vi.spyOn(console, "warn");
      const app = hydrate(MessageForms, { target, props: { messages: thread.messages.value, form: "documented" } });
      flushSync();
      expect(warn.mock.calls.flat().join(" ")).not.toMatch(/hydration/i);
      warn.mockRestore();
      const list = target.querySelector("ol")!;
      const hydrated = [...list.querySelectorAll("p")];
      expect(hydrated.every((p, i) => p === served[i])).toBe(true);
      const hand = mounted("own", thread.messages.value);
      // Hydration keeps the server's markers; beside them, the same nodes as the app's own <p>.
      const kinds = nodesIn(list);
      const { comment: _c, ...others } = kinds;
      const { comment: _h, ["empty text"]: _e, ...handOthers } = hand.kinds;
      const { ["empty text"]: _k, ...otherKinds } = others;
      expect(otherKinds).toEqual(handOthers);
      // The served Text node is the one tokens go to.
      await expectTokenInPlace(thread, hydrated.at(-1)!, MESSAGES - 1, flushSync, expect);
      hand.unmount();
      unmount(app);
      target.remove();
    });

    test("the server escapes the text and attribute values", async () => {
      const server = (await vite.ssrLoadModule("svelte/server")) as typeof import("svelte/server");
      const ServerText = ((await vite.ssrLoadModule("/test/components/AttributedText.svelte")) as { default: typeof AttributedText }).default;
      const thread = chatOf(2);
      const { body } = await server.render(ServerText, { props: { node: thread.messages.value[1]!, state: '"><script>' } });
      expect(body).toContain('<li class="bubble &quot;>&lt;script>" data-state="&quot;>&lt;script>">text &lt;1> &amp; more</li>');
    });
  });
});

describe("StreamingText's element", () => {
  test("attributes pass through, follow their props, and listeners are added", async () => {
    const thread = chatOf(2);
    let clicks = 0;
    const { container, rerender, unmount } = render(AttributedText, { props: { node: thread.messages.value[0]!, onclick: () => clicks++ } });
    const li = container.querySelector("li")!;
    expect(li.className).toBe("bubble streaming");
    expect(li.getAttribute("data-state")).toBe("streaming");
    expect(li.getAttribute("aria-busy")).toBe("");
    li.click();
    expect(clicks).toBe(1);
    await rerender({ state: "done", node: thread.messages.value[1]!, onclick: undefined });
    flushSync();
    expect(container.querySelector("li")).toBe(li);
    expect(li.className).toBe("bubble done");
    expect(li.hasAttribute("aria-busy")).toBe(false);
    expect(li.textContent).toBe("text <1> & more");
    li.click();
    expect(clicks).toBe(1);
    unmount();
  });

  test("a tag that is not an element name throws BindingError NOT_AN_ELEMENT_NAME", () => {
    const thread = chatOf(1);
    const attempt = () => render(AttributedText, { props: { node: thread.messages.value[0]!, tag: "li onclick=alert(1)" } });
    expect(attempt).toThrow(BindingError);
    expect(attempt).toThrow(expect.objectContaining({ code: "NOT_AN_ELEMENT_NAME" }));
  });

  test("an attribute name that is not one throws BindingError NOT_AN_ELEMENT_NAME, in the browser as on the server", () => {
    const thread = chatOf(1);
    const attempt = () => render(StreamingText, { props: { node: thread.messages.value[0]!, 'x onclick="alert(1)"': "1" } });
    expect(attempt).toThrow(BindingError);
    expect(attempt).toThrow(expect.objectContaining({ code: "NOT_AN_ELEMENT_NAME" }));
    // A value that writes no attribute (false, null, a function) is not an attribute: its name is not checked.
    const { container, unmount } = render(StreamingText, { props: { node: thread.messages.value[0]!, "x y": false } });
    expect(container.querySelector("span")!.attributes.length).toBe(0);
    unmount();
  });
});
