import { timelineOf } from "../timeline.js";
import { el } from "./dom.js";
import type { ViewContext } from "./view-context.js";

/**
 * Runs, subagents and steps as bars on one time axis (the recording's first to last event). A
 * bar's click travels to the end of its span (or the cursor's end while it is open).
 */
export function timelineView(ctx: ViewContext): HTMLElement {
  const spans = timelineOf(ctx.entries);
  if (spans.length === 0) return el("p", { class: "muted" }, "No run recorded yet.");
  const start = ctx.entries[0]?.at ?? 0;
  const end = Math.max(start + 1, ctx.entries[ctx.entries.length - 1]?.at ?? start);
  const width = end - start;
  const cursorAt = ctx.entries[Math.max(0, ctx.position - 1)]?.at ?? start;
  const list = el("ol", { class: "timeline", "data-testid": "inspector-timeline" });
  for (const span of spans) {
    const from = span.startAt - start;
    const to = (span.endAt ?? end) - start;
    const duration = (span.endAt ?? end) - span.startAt;
    list.append(
      el(
        "li",
        { class: `span span-${span.kind} status-${span.status}`, style: `--depth:${span.depth}`, "data-testid": "inspector-span", "data-kind": span.kind },
        el("span", { class: "span-label", title: span.detail ?? "" }, `${span.label} · ${span.status} · ${duration.toFixed(1)} ms`),
        el(
          "button",
          {
            type: "button",
            class: "span-track",
            title: `events #${span.first}–#${span.last ?? "…"}`,
            onclick: () => ctx.scrub((span.last ?? ctx.entries.length - 1) + 1),
          },
          el("span", { class: "bar", style: `left:${(100 * from) / width}%;width:${Math.max(0.5, (100 * (to - from)) / width)}%` }),
          el("span", { class: "cursor", style: `left:${(100 * (cursorAt - start)) / width}%` }),
        ),
      ),
    );
  }
  return list;
}
