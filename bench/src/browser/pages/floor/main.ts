// The floor: the same list written by hand, each delta appended to the live message's text node.
import type { Message } from "@ag-ui/core";
import { countRender } from "../counters.js";
import { installHarness } from "../harness.js";

function item(list: HTMLOListElement, role: string, content: string): Text {
  const li = document.createElement("li");
  li.className = role;
  const text = document.createTextNode(content);
  li.append(text);
  list.append(li);
  return text;
}

installHarness("floor", {
  // The model is the plain Message[] itself.
  load: (workload): { priors: readonly Message[]; list: HTMLOListElement } => ({ priors: workload.priors, list: document.createElement("ol") }),
  mount(root, { priors, list }) {
    for (const message of priors) item(list, message.role, typeof message.content === "string" ? message.content : "");
    root.append(list);
    return () => list.replaceChildren();
  },
  start({ list }, workload) {
    item(list, "user", workload.userText);
    const live = item(list, "assistant", "");
    const { deltas } = workload;
    return Promise.resolve({
      push: (index) => {
        live.appendData(countRender(deltas[index]!));
      },
      finish: () => Promise.resolve(),
    });
  },
});
