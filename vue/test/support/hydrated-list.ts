// A list of one of the Message forms (MessageForms.vue) rendered on the server and hydrated, as
// an app's server-rendered page is.
import type { MessageNode } from "@threadline/core";
import { createSSRApp } from "vue";
import { renderToString } from "vue/server-renderer";
import { expect, vi } from "vitest";
import MessageForms, { type Form } from "../MessageForms.vue";

/**
 * `form`'s list rendered to a string, put in the document and hydrated, checked free of hydration
 * warnings: the elements `selector` finds as the server sent them and after hydration.
 */
export async function hydratedList(form: Form, messages: readonly MessageNode[], selector: string) {
  const props = { messages, form };
  const html = await renderToString(createSSRApp(MessageForms, props));
  const target = document.createElement("div");
  target.innerHTML = html;
  document.body.append(target);
  const served = [...target.querySelectorAll(selector)];
  const texts = served.map((element) => element.firstChild);
  const warn = vi.spyOn(console, "warn");
  const error = vi.spyOn(console, "error");
  const app = createSSRApp(MessageForms, props);
  app.mount(target);
  expect([...warn.mock.calls, ...error.mock.calls].flat().join(" ")).not.toMatch(/hydration|mismatch/i);
  warn.mockRestore();
  error.mockRestore();
  const hydrated = [...target.querySelectorAll(selector)];
  return {
    html,
    served,
    hydrated,
    target,
    /** Every element is the one the server sent, holding the Text node it came with alone. */
    inPlace: hydrated.every((element, i) => element === served[i] && element.childNodes.length === 1 && element.firstChild === texts[i]),
    done() {
      app.unmount();
      target.remove();
    },
  };
}
