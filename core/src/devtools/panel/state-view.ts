import { stateChanges } from "../state-changes.js";
import { el, json } from "./dom.js";
import type { ViewContext } from "./view-context.js";

/**
 * The state at the cursor, and every change up to it as JSON Patch: a STATE_DELTA's own
 * operations, a STATE_SNAPSHOT diffed against the state before it. The change at the cursor is
 * marked; a click on a change travels to it.
 */
export function stateView(ctx: ViewContext): HTMLElement {
  const changes = stateChanges(ctx.events, ctx.position, ctx.sandbox);
  const list = el("ol", { class: "changes", "data-testid": "inspector-state-changes" });
  for (const change of changes) {
    list.append(
      el(
        "li",
        { class: `change${change.index === ctx.position - 1 ? " current" : ""}` },
        el("button", { type: "button", class: "link", onclick: () => ctx.scrub(change.index + 1) }, `#${change.index} ${change.type}`),
        el(
          "ul",
          { class: "ops" },
          ...change.ops.map((op) =>
            el(
              "li",
              { class: `op op-${op.op}` },
              el("span", { class: "op-name" }, op.op),
              " ",
              el("code", {}, op.path === "" ? "(root)" : op.path),
              "from" in op ? ` ← ${op.from}` : "",
              "value" in op ? el("code", { class: "op-value" }, ` ${json(op.value).replace(/\s+/g, " ")}`) : "",
            ),
          ),
        ),
      ),
    );
  }
  return el(
    "div",
    {},
    el("h3", {}, ctx.live ? "State (live)" : `State after event #${ctx.position - 1}`),
    el("pre", { "data-testid": "inspector-state" }, json(ctx.snapshot.state)),
    el("h3", {}, "Changes"),
    changes.length === 0 ? el("p", { class: "muted" }, "No state event up to here.") : list,
  );
}
