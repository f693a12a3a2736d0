// Diagnostic lane: Threadline's core with no framework. The list is written by hand as in the
// floor; the live message's text node follows the node's `content` signal through one
// `subscribe`, writing the whole text as a framework's text binding does. The difference from
// the floor is what core costs; the difference from a binding lane is what the framework costs.
import type { MessageNode } from "@threadline/core";
import { countRender } from "../counters.js";
import { installHarness } from "../harness.js";
import { threadlineRun } from "../threadline-chat.js";

function item(list: HTMLOListElement, node: MessageNode): Text {
  const li = document.createElement("li");
  li.className = node.role;
  const text = document.createTextNode(typeof node.content.peek() === "string" ? (node.content.peek() as string) : "");
  li.append(text);
  list.append(li);
  return text;
}

installHarness("threadline-dom", {
  load: (workload) => ({ run: threadlineRun(workload), list: document.createElement("ol") }),
  mount(root, { run, list }) {
    for (const node of run.client.thread.messages.peek()) item(list, node);
    root.append(list);
    return () => list.replaceChildren();
  },
  async start({ run, list }) {
    const before = run.client.thread.messages.peek().length;
    await run.start();
    // The user message and the assistant message that start() added.
    const added = run.client.thread.messages.peek().slice(before);
    const live = added.at(-1);
    if (added.length !== 2 || live?.role !== "assistant") throw new Error("threadline-dom: expected the user and assistant messages");
    item(list, added[0]!);
    const text = item(list, live);
    const unsubscribe = live.content.subscribe((value) => {
      text.data = countRender(value ?? "");
    });
    return {
      push: run.push,
      async finish() {
        unsubscribe();
        await run.finish();
      },
    };
  },
  dispose: ({ run }) => run.client.dispose(),
});
