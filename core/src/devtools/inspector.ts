import { DEV } from "esm-env";
import type { AGUIEvent } from "../protocol/events.js";
import { DevtoolsError } from "./errors.js";
import { parseFixture, toFixture, type FixtureFormat } from "./fixture.js";
import { el } from "./panel/dom.js";
import { eventsView, typesOf, type LogQuery } from "./panel/events-view.js";
import { messagesView } from "./panel/messages-view.js";
import { stateView } from "./panel/state-view.js";
import { STYLES } from "./panel/styles.js";
import { timelineView } from "./panel/timeline-view.js";
import { toolsView } from "./panel/tools-view.js";
import type { ViewContext } from "./panel/view-context.js";
import { EventRecorder, type RecordedEvent, type RecorderOptions } from "./recorder.js";
import { replayEvents, TimeTravel, type Replay } from "./replay.js";
import { matchesShortcut, parseShortcut, type Shortcut } from "./shortcut.js";
import type { InspectTarget } from "./target.js";

export type InspectorTab = "events" | "timeline" | "tools" | "state" | "messages";

const TABS: readonly { readonly id: InspectorTab; readonly label: string }[] = [
  { id: "events", label: "Events" },
  { id: "timeline", label: "Timeline" },
  { id: "tools", label: "Tools" },
  { id: "state", label: "State" },
  { id: "messages", label: "Messages" },
];

export interface InspectorOptions extends RecorderOptions {
  /** Where the panel's host element goes. Default `document.body`. */
  readonly container?: Element;
  /** Show the panel at once. Default false: it records, hidden, until toggled. */
  readonly open?: boolean;
  /** The key that toggles the panel, or `false` for none. Default `"Alt+Shift+D"`. */
  readonly shortcut?: string | false;
  /** Redraws while events stream are at most this often (ms). Default 100. */
  readonly refreshMs?: number;
}

/** What the panel shows: the live recording, or a fixture imported into a sandbox. */
type Source =
  | { readonly kind: "live" }
  | { readonly kind: "sandbox"; readonly name: string; readonly entries: readonly RecordedEvent[]; readonly events: readonly unknown[]; readonly replay: Replay };

/**
 * The event inspector: records a thread (or a ChatClient's) from the moment it is created, and
 * shows the recording in a panel isolated in a shadow root — the event log, the run timeline,
 * tool calls, state with its patches, messages — at any point of the recording (time travel: the
 * events up to the cursor folded into a sandbox thread; the live chat is never touched). It
 * exports the recording as a fixture and imports one into a sandbox.
 */
export class Inspector {
  /** The element holding the panel's shadow root. */
  readonly host: HTMLElement;
  #recorderOf: EventRecorder;
  readonly #options: InspectorOptions;
  readonly #root: ShadowRoot;
  readonly #panel: HTMLElement;
  readonly #content: HTMLElement;
  readonly #banner: HTMLElement;
  readonly #mode: HTMLElement;
  readonly #range: HTMLInputElement;
  readonly #position: HTMLElement;
  readonly #typeFilter: HTMLSelectElement;
  readonly #filters: HTMLElement;
  readonly #tabButtons = new Map<InspectorTab, HTMLButtonElement>();
  readonly #travel: TimeTravel;
  #sandboxTravel: TimeTravel | undefined;
  readonly #query: LogQuery = { type: "", search: "", expanded: new Set() };
  readonly #shortcut: Shortcut | undefined;
  readonly #onKey = (event: KeyboardEvent): void => {
    if (this.#shortcut !== undefined && matchesShortcut(this.#shortcut, event)) {
      event.preventDefault();
      this.toggle();
    }
  };
  #source: Source = { kind: "live" };
  /** Events folded at the cursor, or `"end"` to follow the recording's end (live: the live thread). */
  #cursor: number | "end" = "end";
  #tab: InspectorTab = "events";
  #unsubscribe: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #evictedSeen = 0;
  #disposed = false;

  constructor(target: InspectTarget, options: InspectorOptions = {}) {
    if (typeof document === "undefined") {
      throw new DevtoolsError("INSPECTOR_NO_DOM", DEV ? "The inspector's panel needs a document; use recordEvents() where there is none." : "");
    }
    const refresh = options.refreshMs ?? 100;
    if (typeof refresh !== "number" || !(refresh >= 0)) {
      throw new DevtoolsError("INSPECTOR_OPTION_INVALID", DEV ? `refreshMs must be a number of at least 0, got ${String(refresh)}.` : "", { received: refresh });
    }
    this.#options = options;
    this.#shortcut = options.shortcut === false ? undefined : parseShortcut(options.shortcut ?? "Alt+Shift+D");
    this.#recorderOf = new EventRecorder(target, options);
    this.#travel = new TimeTravel(this.#recorderOf.sandbox);
    this.#unsubscribe = this.#recorderOf.subscribe(() => this.#schedule());

    this.host = document.createElement("div");
    this.host.setAttribute("data-threadline-inspector", "");
    this.#root = this.host.attachShadow({ mode: "open" });
    this.#root.append(el("style", {}, STYLES));

    this.#banner = el("p", { class: "banner", role: "alert", hidden: true, "data-testid": "inspector-error" });
    this.#mode = el("span", { class: "mode", "data-testid": "inspector-mode" });
    this.#range = el("input", {
      type: "range",
      min: 0,
      max: 0,
      value: 0,
      "aria-label": "Time travel: events folded",
      "data-testid": "inspector-scrubber",
      oninput: () => this.scrub(Number(this.#range.value)),
    });
    this.#position = el("span", { "data-testid": "inspector-position" });
    this.#typeFilter = el("select", {
      "aria-label": "Event type",
      "data-testid": "inspector-type-filter",
      onchange: () => {
        this.#query.type = this.#typeFilter.value;
        this.render();
      },
    });
    const fileInput = el("input", {
      type: "file",
      accept: ".ndjson,.json,.jsonl,application/json,application/x-ndjson",
      hidden: true,
      "data-testid": "inspector-import-file",
      onchange: () => void this.#importFile(fileInput),
    });
    const tabs = el("div", { class: "tabs", role: "tablist" });
    for (const { id, label } of TABS) {
      const button = el("button", { type: "button", class: "tab", role: "tab", "data-testid": `inspector-tab-${id}`, onclick: () => this.show(id) }, label);
      this.#tabButtons.set(id, button);
      tabs.append(button);
    }
    this.#content = el("div", { class: "content", role: "tabpanel" });
    this.#panel = el(
      "section",
      { class: "panel", "aria-label": "Threadline inspector", "data-testid": "inspector", hidden: options.open !== true },
      el(
        "header",
        { class: "top" },
        el("h2", {}, "Threadline inspector"),
        this.#mode,
        el("button", { type: "button", class: "btn", "data-testid": "inspector-live", onclick: () => this.backToLive() }, "Live"),
        el("button", { type: "button", class: "btn", "data-testid": "inspector-clear", onclick: () => this.clear() }, "Clear"),
        el("button", { type: "button", class: "btn", "data-testid": "inspector-export", onclick: () => this.download("ndjson") }, "Export"),
        el("button", { type: "button", class: "btn", "data-testid": "inspector-export-json", onclick: () => this.download("json") }, "JSON"),
        el("button", { type: "button", class: "btn", "data-testid": "inspector-import", onclick: () => fileInput.click() }, "Import"),
        fileInput,
        el("button", { type: "button", class: "btn", "aria-label": "Close the inspector", "data-testid": "inspector-close", onclick: () => this.close() }, "✕"),
      ),
      this.#banner,
      el("div", { class: "scrubber" }, this.#range, this.#position),
      tabs,
      (this.#filters = el(
        "div",
        { class: "filters" },
        this.#typeFilter,
        el("input", {
          type: "search",
          placeholder: "Search events",
          "aria-label": "Search events",
          "data-testid": "inspector-search",
          oninput: (event: Event) => {
            this.#query.search = (event.target as HTMLInputElement).value;
            this.render();
          },
        }),
      )),
      this.#content,
    );
    this.#root.append(this.#panel);
    (options.container ?? document.body).append(this.host);
    if (this.#shortcut !== undefined) window.addEventListener("keydown", this.#onKey);
    if (options.open === true) this.render();
  }

  /** The recorder of the live target. */
  get recorder(): EventRecorder {
    return this.#recorderOf;
  }

  get isOpen(): boolean {
    return !this.#panel.hidden;
  }

  open(): void {
    this.#panel.hidden = false;
    this.render();
  }

  close(): void {
    this.#panel.hidden = true;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  /**
   * Records another target instead (say, the ChatClient a Vue `useChat` swapped in); what was
   * recorded of the previous one is dropped.
   */
  attach(target: InspectTarget): void {
    const next = new EventRecorder(target, this.#options);
    this.#unsubscribe();
    this.#recorderOf.stop();
    this.#recorderOf = next;
    this.#unsubscribe = next.subscribe(() => this.#schedule());
    this.#travel.reset();
    this.#cursor = "end";
    this.#evictedSeen = 0;
    this.#schedule();
  }

  /** Time travel: show the thread after the first `position` events of what is shown. */
  scrub(position: number): void {
    const size = this.#entries().length;
    this.#cursor = position >= size && this.#source.kind === "live" ? "end" : Math.max(0, Math.min(Math.trunc(position), size));
    this.render();
  }

  show(tab: InspectorTab): void {
    this.#tab = tab;
    this.render();
  }

  /** The shown recording (live, or the imported fixture) as fixture text. */
  exportFixture(format: FixtureFormat = "ndjson"): string {
    return toFixture(this.#source.kind === "live" ? this.#recorderOf.events() : this.#source.events, format);
  }

  /**
   * Replays a fixture into a sandbox thread and shows it (the live recording goes on in the
   * background; `backToLive()` returns to it). Throws `DevtoolsError` for text that is not a
   * fixture; a stream that breaks a rule replays up to the break, shown with the error.
   */
  importFixture(text: string, name = "fixture"): Replay {
    const events = parseFixture(text);
    const replay = replayEvents(events, this.#recorderOf.sandbox);
    this.#source = { kind: "sandbox", name, entries: entriesOf(events), events, replay };
    this.#sandboxTravel = new TimeTravel(this.#recorderOf.sandbox);
    this.#cursor = events.length;
    this.#showError(replay.error === undefined ? undefined : `The fixture replays up to a broken event: ${replay.error.code}: ${replay.error.message}`);
    this.render();
    return replay;
  }

  backToLive(): void {
    this.#source = { kind: "live" };
    this.#sandboxTravel = undefined;
    this.#cursor = "end";
    this.#showError(undefined);
    this.render();
  }

  /** Empties the live recording. */
  clear(): void {
    this.#recorderOf.clear();
    this.#travel.reset();
    this.#query.expanded.clear();
    this.#cursor = "end";
    this.render();
  }

  /** Saves the shown recording as a file (`threadline-<thread>.ndjson` or `.json`). */
  download(format: FixtureFormat = "ndjson"): void {
    const text = this.exportFixture(format);
    if (typeof URL.createObjectURL !== "function") return;
    const url = URL.createObjectURL(new Blob([text], { type: format === "json" ? "application/json" : "application/x-ndjson" }));
    const thread = this.#recorderOf.thread.threadId.peek() ?? "thread";
    const link = el("a", { href: url, download: `threadline-${thread.replace(/[^\w.-]+/g, "_")}.${format}` });
    this.#root.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  /** Redraws now (streaming redraws are batched by `refreshMs`). */
  render(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#disposed || this.#panel.hidden) return;
    if (this.#recorderOf.evicted !== this.#evictedSeen) {
      this.#evictedSeen = this.#recorderOf.evicted;
      this.#travel.reset();
      this.#query.expanded.clear();
    }
    const ctx = this.#context();
    const sandbox = this.#source.kind === "sandbox";
    this.#mode.textContent = sandbox ? `sandbox: ${this.#source.kind === "sandbox" ? this.#source.name : ""}` : ctx.live ? "live" : "time travel";
    this.#mode.className = `mode${sandbox ? " sandbox" : ""}`;
    this.#range.max = String(ctx.entries.length);
    this.#range.value = String(ctx.position);
    const dropped = this.#source.kind === "live" && this.#recorderOf.evicted + this.#recorderOf.dropped > 0
      ? ` · ${this.#recorderOf.evicted} folded into the baseline, ${this.#recorderOf.dropped} not kept`
      : "";
    this.#position.textContent = `${ctx.position} / ${ctx.entries.length} events${dropped}`;
    this.#fillTypes(ctx.entries);
    for (const [id, button] of this.#tabButtons) button.setAttribute("aria-selected", String(id === this.#tab));
    // The type filter and the search narrow the event log only.
    this.#filters.hidden = this.#tab !== "events";
    let view: HTMLElement;
    try {
      view = this.#view(ctx);
    } catch (error) {
      view = el("p", { class: "error" }, `This view failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.#content.replaceChildren(view);
  }

  /** Stops recording, removes the panel and the shortcut. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#unsubscribe();
    this.#recorderOf.stop();
    window.removeEventListener("keydown", this.#onKey);
    this.host.remove();
  }

  #view(ctx: ViewContext): HTMLElement {
    switch (this.#tab) {
      case "events":
        return eventsView(ctx, this.#query, () => this.render());
      case "timeline":
        return timelineView(ctx);
      case "tools":
        return toolsView(ctx);
      case "state":
        return stateView(ctx);
      case "messages":
        return messagesView(ctx);
      default: {
        const unknown: never = this.#tab;
        return unknown;
      }
    }
  }

  #entries(): readonly RecordedEvent[] {
    return this.#source.kind === "live" ? this.#recorderOf.entries : this.#source.entries;
  }

  #context(): ViewContext {
    const entries = this.#entries();
    const scrub = (position: number): void => this.scrub(position);
    const sandboxOptions = this.#recorderOf.sandbox;
    if (this.#source.kind === "live") {
      const events = this.#recorderOf.events();
      if (this.#cursor === "end") {
        const thread = this.#recorderOf.thread;
        return { entries, events, position: entries.length, thread, snapshot: thread.snapshot(), live: true, sandbox: sandboxOptions, scrub };
      }
      const position = Math.min(this.#cursor, entries.length);
      const thread = this.#travel.at(events, position).thread;
      return { entries, events, position, thread, snapshot: thread.snapshot(), live: false, sandbox: sandboxOptions, scrub };
    }
    const { events, replay } = this.#source;
    const position = this.#cursor === "end" ? events.length : Math.min(this.#cursor, events.length);
    const thread = position === events.length ? replay.thread : (this.#sandboxTravel ??= new TimeTravel(sandboxOptions)).at(events, position).thread;
    return { entries, events, position, thread, snapshot: thread.snapshot(), live: false, sandbox: sandboxOptions, scrub };
  }

  #fillTypes(entries: readonly RecordedEvent[]): void {
    const types = ["", ...typesOf(entries)];
    if (this.#query.type !== "" && !types.includes(this.#query.type)) types.push(this.#query.type);
    const current = [...this.#typeFilter.options].map((option) => option.value);
    if (current.length === types.length && current.every((value, i) => value === types[i])) return;
    this.#typeFilter.replaceChildren(...types.map((type) => el("option", { value: type, selected: type === this.#query.type }, type === "" ? "All types" : type)));
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#panel.hidden || this.#disposed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.render();
    }, this.#options.refreshMs ?? 100);
  }

  async #importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = "";
    if (file === undefined) return;
    try {
      this.importFixture(await file.text(), file.name);
    } catch (error) {
      this.#showError(error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error));
    }
  }

  #showError(message: string | undefined): void {
    this.#banner.hidden = message === undefined;
    this.#banner.textContent = message ?? "";
  }
}

/** An imported fixture as log entries: no recorded times, so the event's own `timestamp` or its place. */
function entriesOf(events: readonly unknown[]): RecordedEvent[] {
  let runId = "";
  return events.map((raw, index) => {
    const event = raw as AGUIEvent;
    if (event.type === "RUN_STARTED" && typeof event.runId === "string") runId = event.runId;
    const at = typeof event.timestamp === "number" ? event.timestamp : index;
    return { event, at, runId, origin: "agent" };
  });
}

/** Creates the inspector for a `Thread` or a `ChatClient` (see `Inspector`). */
export function createInspector(target: InspectTarget, options?: InspectorOptions): Inspector {
  return new Inspector(target, options);
}
