import { el, json, jsonBlock } from "./dom.js";
import type { ViewContext } from "./view-context.js";

/**
 * The tool calls at the cursor: name and status (an approval waits in `awaiting-approval`),
 * the argument text as it streamed, the best-effort partial value, the strict arguments parsed at
 * TOOL_CALL_END, and the result. Pending interrupts (approvals the agent asked for) come first.
 */
export function toolsView(ctx: ViewContext): HTMLElement {
  const { snapshot } = ctx;
  const box = el("div", { "data-testid": "inspector-tools" });
  if (snapshot.pendingInterrupts.length > 0) {
    box.append(el("h3", {}, "Pending interrupts"), el("pre", {}, json(snapshot.pendingInterrupts)));
  }
  if (snapshot.toolCalls.length === 0) {
    box.append(el("p", { class: "muted" }, "No tool call at this point."));
    return box;
  }
  const results = new Map(snapshot.messages.filter((m) => m.role === "tool").map((m) => [m.id, m]));
  for (const call of snapshot.toolCalls) {
    const result = call.resultMessageId === undefined ? undefined : results.get(call.resultMessageId);
    box.append(
      el(
        "section",
        { class: "card", "data-testid": "inspector-tool-call", "data-status": call.status },
        el("header", {}, el("strong", {}, call.name), " ", el("code", {}, call.id), " ", el("span", { class: `badge status-${call.status}` }, call.status)),
        el("div", { class: "label" }, "Streamed arguments"),
        el("pre", {}, call.argsText === "" ? "(none yet)" : call.argsText),
        jsonBlock("Partial arguments", call.partialArgs),
        jsonBlock("Strict arguments (at TOOL_CALL_END)", call.args, call.args !== undefined),
        result === undefined ? el("p", { class: "muted" }, "No result yet.") : jsonBlock("Result", result, true),
        call.error === undefined ? null : el("p", { class: "error" }, `${call.error.code}: ${call.error.message}`),
      ),
    );
  }
  if (!ctx.live) box.append(el("p", { class: "muted" }, "Replayed from events: statuses only the client sets (executing, awaiting-approval) show when following live."));
  return box;
}
