// The floor: the same list written by hand, each delta appended to the live message's text node.
import { countRender } from "../counters.js";
import { installHarness } from "../harness.js";

installHarness("floor", async (root, workload) => {
  const list = document.createElement("ol");
  const item = (role: string, content: string): Text => {
    const li = document.createElement("li");
    li.className = role;
    const text = document.createTextNode(content);
    li.append(text);
    list.append(li);
    return text;
  };
  for (const message of workload.priors) item(message.role, typeof message.content === "string" ? message.content : "");
  item("user", workload.userText);
  const live = item("assistant", "");
  root.append(list);
  const { deltas } = workload;
  return {
    push: (index) => {
      live.appendData(countRender(deltas[index]!));
    },
    close: () => {
      list.remove();
      return Promise.resolve();
    },
  };
});
