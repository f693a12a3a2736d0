// The floor for a long thread (issue 44): the least a page can do with 100,000 messages — the
// plain Message[] held, the last rows written by hand in a scrolling box (the class names of
// <ThreadWindow>'s, so the harness reads it the same way), each delta appended to the live
// message's text node. No measuring, no anchoring, no scrolling through the rest: a floor.
import type { Message } from "@ag-ui/core";
import { countRender } from "../counters.js";
import { installHarness } from "../harness.js";

/** Rows written: more than a 1280 × 800 view shows of W4's 200–600-character messages. */
const ROWS = 30;

interface Page {
  readonly priors: readonly Message[];
  readonly scroller: HTMLDivElement;
  readonly list: HTMLOListElement;
}

function item(page: Page, index: number, role: string, content: string): Text {
  const li = document.createElement("li");
  li.className = role;
  li.setAttribute("aria-posinset", String(index + 1));
  const text = document.createTextNode(content);
  li.append(text);
  page.list.append(li);
  return text;
}

installHarness("floor-window", {
  windowed: true,
  load: (workload): Page => {
    const scroller = document.createElement("div");
    scroller.className = "tl-thread-window-scroller";
    scroller.style.cssText = "height:100vh;overflow-y:auto";
    return { priors: workload.priors, scroller, list: document.createElement("ol") };
  },
  mount(root, page) {
    const { priors } = page;
    for (let i = Math.max(0, priors.length - ROWS); i < priors.length; i++) {
      const message = priors[i]!;
      item(page, i, message.role, typeof message.content === "string" ? message.content : "");
    }
    page.scroller.append(page.list);
    root.append(page.scroller);
    page.scroller.scrollTop = page.scroller.scrollHeight;
    return () => page.list.replaceChildren();
  },
  start(page, workload) {
    item(page, page.priors.length, "user", workload.userText);
    const live = item(page, page.priors.length + 1, "assistant", "");
    page.scroller.scrollTop = page.scroller.scrollHeight;
    const { deltas } = workload;
    return Promise.resolve({
      push: (index) => {
        live.appendData(countRender(deltas[index]!));
      },
      finish: () => Promise.resolve(),
    });
  },
});
