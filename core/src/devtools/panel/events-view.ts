import type { RecordedEvent } from "../recorder.js";
import { el, json } from "./dom.js";
import { summarize } from "./event-summary.js";
import type { ViewContext } from "./view-context.js";

/** Rows drawn at most; a filter or a search narrows what they are taken from. */
const MAX_ROWS = 400;

export interface LogQuery {
  /** An event type, or "" for all. */
  type: string;
  /** Case-insensitive text looked for in the event's JSON. */
  search: string;
  readonly expanded: Set<number>;
}

const searchText = new WeakMap<RecordedEvent, string>();

function matches(entry: RecordedEvent, query: LogQuery): boolean {
  if (query.type !== "" && entry.event.type !== query.type) return false;
  if (query.search === "") return true;
  let text = searchText.get(entry);
  if (text === undefined) searchText.set(entry, (text = JSON.stringify(entry.event).toLowerCase()));
  return text.includes(query.search.toLowerCase());
}

/**
 * The event log, grouped by run: per event its index, its time in the run (and since the event
 * before), its type, a one-line summary and where it came from; a click expands the event's JSON
 * and offers to travel to it. Events after the cursor are dimmed.
 */
export function eventsView(ctx: ViewContext, query: LogQuery, redraw: () => void): HTMLElement {
  const indexes: number[] = [];
  ctx.entries.forEach((entry, index) => {
    if (matches(entry, query)) indexes.push(index);
  });
  const shown = indexes.slice(-MAX_ROWS);
  const list = el("ol", { class: "log", "data-testid": "inspector-log" });
  const runStart = new Map<string, number>();
  const runSize = new Map<string, number>();
  for (const entry of ctx.entries) {
    if (!runStart.has(entry.runId)) runStart.set(entry.runId, entry.at);
    runSize.set(entry.runId, (runSize.get(entry.runId) ?? 0) + 1);
  }
  let run: string | undefined;
  for (const index of shown) {
    const entry = ctx.entries[index]!;
    if (entry.runId !== run) {
      run = entry.runId;
      list.append(el("li", { class: "run-header" }, `Run ${run} · ${runSize.get(run) ?? 0} event(s)`));
    }
    const previous = index > 0 ? ctx.entries[index - 1] : undefined;
    const sinceRun = entry.at - (runStart.get(entry.runId) ?? entry.at);
    const delta = previous === undefined ? 0 : entry.at - previous.at;
    const open = query.expanded.has(index);
    const row = el(
      "li",
      {
        class: `event${index < ctx.position ? "" : " future"}${index === ctx.position - 1 ? " current" : ""}`,
        "data-testid": "inspector-event",
        "data-index": index,
        "data-type": entry.event.type,
      },
      el(
        "button",
        {
          type: "button",
          class: "event-line",
          "aria-expanded": String(open),
          onclick: () => {
            if (open) query.expanded.delete(index);
            else query.expanded.add(index);
            redraw();
          },
        },
        el("span", { class: "index" }, `#${index}`),
        el("span", { class: "time", title: `${delta.toFixed(1)} ms after the event before` }, `+${sinceRun.toFixed(1)} ms`),
        el("span", { class: `type type-${entry.event.type.split("_")[0]!.toLowerCase()}` }, entry.event.type),
        el("span", { class: "summary" }, summarize(entry.event)),
        entry.origin === "agent" ? null : el("span", { class: "origin", title: entry.note ?? "" }, entry.origin),
      ),
    );
    if (open) {
      row.append(
        el(
          "div",
          { class: "event-detail" },
          entry.note === undefined ? null : el("p", { class: "note" }, entry.note),
          el("pre", {}, json(entry.event)),
          el("button", { type: "button", class: "btn", "data-testid": "inspector-travel", onclick: () => ctx.scrub(index + 1) }, "Travel here"),
        ),
      );
    }
    list.append(row);
  }
  const note =
    indexes.length > shown.length
      ? el("p", { class: "muted" }, `Showing the last ${shown.length} of ${indexes.length} matching events; filter or search to narrow.`)
      : indexes.length === 0
        ? el("p", { class: "muted" }, ctx.entries.length === 0 ? "No events yet: they are recorded from the next run on." : "No event matches.")
        : null;
  return el("div", {}, note, list);
}

/** The event types present, for the type filter. */
export function typesOf(entries: readonly RecordedEvent[]): string[] {
  return [...new Set(entries.map((entry) => entry.event.type))].sort();
}
