import { DEV } from "esm-env";
import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { ThreadWindowError } from "./errors.js";
import { indexAfter, listChange, type ListChange } from "./list-change.js";
import { RowHeights } from "./row-heights.js";
import { resolveWindowOptions, type ResolvedWindowOptions, type ThreadWindowOptions } from "./window-options.js";

/** One row the view draws: a message, its place in the thread, and how to draw its element. */
export interface WindowRow<T> {
  readonly message: T;
  /** The message's index in the thread (its element's `aria-posinset` is this + 1). */
  readonly index: number;
  /**
   * Set for a row drawn outside the window because it holds focus: its element is positioned
   * absolutely at this many px from the list's top. Undefined for the rows in the window's flow.
   */
  readonly top: number | undefined;
  /** 0 for the one row Tab enters the list at, -1 for the others (a roving tab stop). */
  readonly tabIndex: 0 | -1;
}

/** Where `scrollToMessage` puts the message: its top at the top, its middle in the middle, its bottom at the bottom, or the least scroll that shows it. */
export type ScrollAlign = "start" | "center" | "end" | "nearest";

export interface ScrollToMessageOptions {
  /** Default "start". */
  readonly align?: ScrollAlign;
  /** Move keyboard focus to the message's row once it is drawn (default false). */
  readonly focus?: boolean;
}

/**
 * What a thread view component hands its parent (Svelte's `bind:this`, Vue's template ref): the
 * window's scroll commands.
 */
export interface ThreadWindowHandle {
  /** Scrolls to a message by id, landing it exactly where `align` says; false when no message has that id. */
  scrollToMessage(messageId: string, options?: ScrollToMessageOptions): boolean;
  /** Scrolls to the latest message and follows it again; `focus` moves keyboard focus to its row. */
  scrollToLatest(options?: { readonly focus?: boolean }): void;
}

/** A message the window keeps track of, with its index as last known (moved along by `setMessages`). */
interface Tracked<T> {
  message: T;
  index: number;
}

interface Anchor<T> extends Tracked<T> {
  /** How far the view's top is below the message's top, px. */
  delta: number;
}

interface Target<T> extends Tracked<T> {
  align: ScrollAlign;
}

const ALIGNS: readonly ScrollAlign[] = ["start", "center", "end", "nearest"];
/**
 * Layout passes one event may start (each draws rows and measures them) before the window stops
 * re-aiming until the next event: a row whose height follows its position could loop for ever.
 */
const MAX_PASSES = 12;
/** Rows measured before the estimate follows their mean (then each time the measured rows double). */
const FIRST_ESTIMATE_AT = 8;

/**
 * What a virtualized thread view needs besides drawing: the bindings' `ThreadWindow` components
 * are this plus their framework's rendering. It decides which messages are drawn (those in view
 * plus `margin` above and below — `rows`), measures them as they are drawn and again whenever
 * they change size (a streamed answer growing), keeps the sums of the rows' heights so the
 * space of the rows not drawn stays on the scrollbar, and keeps the view where the reader left
 * it: at the latest message while one streams (until the reader scrolls up: `atLatest`), on the
 * same message when earlier history is loaded above or a branch switch replaces the tail, and on
 * the message `scrollToMessage` named, exactly. Rows are a list (`aria-posinset`,
 * `aria-setsize`), reachable with Tab and moved through with ↑ ↓ Home End, and the row that
 * holds focus stays drawn wherever the view scrolls.
 *
 * The cost of a streamed token does not grow with the thread: only the growing row is measured
 * (once a frame, by a ResizeObserver), and each height change or scroll costs O(log n).
 *
 * The binding draws `rows` inside the list element: one element per row, the list's direct
 * children, each with `aria-posinset` = index + 1 (how the window tells rows apart), the row's
 * `tabIndex`, and for a row with `top`, `position: absolute; top: …px`; it calls `rendered()`
 * each time the DOM shows a new `rows`, and `attach(scroller, list)` once mounted. The window
 * writes the list's top and bottom padding (the rows not drawn) and the scroller's `scrollTop`.
 * On the server nothing is attached: `rows` are the last `initialRows` messages.
 */
export class ThreadWindow<T extends { readonly id: string }> implements ThreadWindowHandle {
  readonly #rows: Signal<readonly WindowRow<T>[]>;
  readonly #atLatest: Signal<boolean>;
  readonly #options: ResolvedWindowOptions;
  readonly #heights: RowHeights;
  #messages: readonly T[];
  /** The window: rows `#start … #end` (end excluded) are drawn in the list's flow. */
  #start: number;
  #end: number;
  #anchor: Anchor<T> | undefined = undefined;
  /** A `scrollToMessage` still being aimed at: it wins over the anchor until the view settles. */
  #target: Target<T> | undefined = undefined;
  /** Focus to move once the message's row is drawn. */
  #focusNext: T | undefined = undefined;
  /** The row holding focus: drawn even outside the window. */
  #focused: Tracked<T> | undefined = undefined;
  /** The row Tab enters the list at (the last focused). */
  #active: Tracked<T> | undefined = undefined;
  #scroller: HTMLElement | undefined = undefined;
  #list: HTMLElement | undefined = undefined;
  #observer: ResizeObserver | undefined = undefined;
  /** Row elements observed, with the message each draws (rows are keyed by message: never reused). */
  readonly #observed = new Map<Element, T>();
  /** Row elements met while a ResizeObserver callback runs: observed from the next frame. */
  #unobserved: Element[] = [];
  #observeFrame = 0;
  #inObserver = false;
  /** The frame that ends `#inObserver` (0: none asked for). */
  #inObserverFrame = 0;
  /**
   * The list's top in the scroller's content, px (below any header): measured by each layout
   * except one for rows that only changed size, which cannot move it (what sits above the list is
   * observed, and its resize comes with a layout that measures).
   */
  #listTop = 0;
  /** The `scrollTop` the window wrote last (a scroll event there is its own); NaN after the user moved. */
  #written = Number.NaN;
  #lastTop = 0;
  /**
   * A scroll event at the latest message, not read yet: the next layout reads it (it reads
   * `scrollTop` first), else the task `#afterScroll` posts. Most such events are the window's own
   * write that pinned a growing answer, delivered at the next frame after that frame's tokens
   * changed the page: reading `scrollTop` in the event would lay the page out before its time.
   */
  #scrollUnread = false;
  #afterScroll: MessageChannel | undefined = undefined;
  #paddingTop = -1;
  #paddingBottom = -1;
  #estimatedAt = 0;
  #reachedStart = false;
  #passes = 0;
  /**
   * Something below may have grown (a row, the list, the view) since the view last settled: at
   * the latest message, the next layout goes to the bottom. Without it a layout (a focus moving
   * the tab stop, say) keeps the view where the reader put it, a few px above the bottom included.
   */
  #grown = true;

  constructor(messages: readonly T[], options?: ThreadWindowOptions) {
    this.#options = resolveWindowOptions(options);
    checkMessages(messages, 0, messages.length);
    this.#messages = messages;
    this.#heights = new RowHeights(this.#options.estimatedRowHeight, messages.length);
    this.#end = messages.length;
    this.#start = Math.max(0, messages.length - this.#options.initialRows);
    this.#rows = signal(this.#build());
    this.#atLatest = signal(true);
  }

  /** The rows to draw, in thread order. A new array when the window moves or the messages change, never per token. */
  get rows(): ReadonlySignal<readonly WindowRow<T>[]> {
    return this.#rows;
  }

  /** Whether the view is at the latest message and follows it as it grows (false once the reader scrolls up). */
  get atLatest(): ReadonlySignal<boolean> {
    return this.#atLatest;
  }

  /** The messages as last given. */
  get messages(): readonly T[] {
    return this.#messages;
  }

  /**
   * The thread's messages changed (a message added, history loaded above, a branch switched…).
   * Rows drawn keep their measured heights when their messages are the same objects; the view
   * stays on the message it showed, or at the latest one when it followed it.
   */
  setMessages(messages: readonly T[]): void {
    const before = this.#messages;
    if (messages === before) return;
    if (!Array.isArray(messages)) throw new ThreadWindowError("THREAD_WINDOW_BAD_MESSAGES", DEV ? "thread window: the messages must be an array" : "", messages, "messages");
    const change = listChange(before, messages);
    this.#messages = messages;
    if (change === undefined) return;
    checkMessages(messages, change.start, change.start + change.inserted);
    this.#passes = 0;
    this.#grown = true;
    this.#heights.splice(change.start, change.removed, change.inserted);
    this.#anchor = moved(this.#anchor, change);
    this.#target = moved(this.#target, change);
    this.#focused = moved(this.#focused, change);
    this.#active = moved(this.#active, change);
    if (this.#focusNext !== undefined && !messages.includes(this.#focusNext)) this.#focusNext = undefined;
    if (change.start === 0) this.#reachedStart = false;
    // The rows drawn move with their messages; then the window is fitted to where the view will be.
    const start = mapEdge(this.#start, change, false);
    const end = mapEdge(this.#end, change, true);
    this.#start = Math.min(start, messages.length);
    this.#end = Math.min(Math.max(end, this.#start), messages.length);
    this.#fit();
    this.#emit();
  }

  /**
   * Starts the DOM work once the view is mounted: `scroller` scrolls, `list` (inside it) holds
   * the row elements. Draws what is needed to fill the view, at the latest message or at the
   * message asked for. Returns the function that stops it (also done by `dispose`).
   */
  attach(scroller: HTMLElement, list: HTMLElement): () => void {
    if (!isElement(scroller) || !isElement(list) || scroller === list || !scroller.contains(list)) {
      throw new ThreadWindowError("THREAD_WINDOW_BAD_ELEMENT", DEV ? "thread window: attach(scroller, list) needs two elements, the list inside the scroller" : "", { scroller, list }, "attach");
    }
    this.#detach();
    this.#scroller = scroller;
    this.#list = list;
    this.#written = Number.NaN;
    this.#lastTop = scroller.scrollTop;
    scroller.addEventListener("scroll", this.#onScroll, { passive: true });
    if (typeof MessageChannel === "function") {
      const channel = (this.#afterScroll = new MessageChannel());
      channel.port1.onmessage = this.#onAfterScroll;
    }
    scroller.addEventListener("wheel", this.#onWheel, { passive: true });
    list.addEventListener("keydown", this.#onKeyDown);
    list.addEventListener("focusin", this.#onFocusIn);
    list.addEventListener("focusout", this.#onFocusOut);
    if (typeof ResizeObserver === "function") {
      const observer = (this.#observer = new ResizeObserver(this.#onResize));
      observer.observe(scroller);
      // What sits beside the list (a header, a footer) moves it or the bottom when it resizes.
      for (const sibling of Array.from(list.parentElement?.children ?? [])) if (sibling !== list) observer.observe(sibling);
    }
    this.#passes = 0;
    this.#grown = true;
    this.rendered();
    return () => {
      if (this.#list === list) this.#detach();
    };
  }

  /** The binding drew the current `rows`: new rows are measured, and the view is fitted again. */
  rendered(): void {
    const list = this.#list;
    if (list === undefined) return;
    this.#syncRows(list);
    const heights = this.#heights;
    const measured = heights.measuredCount;
    if (measured >= FIRST_ESTIMATE_AT && measured >= 2 * this.#estimatedAt) {
      heights.setEstimate(heights.measuredMean);
      this.#estimatedAt = measured;
    }
    this.#moveFocus();
    this.#layout();
  }

  /**
   * Scrolls to the message with id `messageId`, drawing it and the rows around it first, so it
   * lands exactly where `align` says even though the rows above it were never measured. False
   * (and nothing moves) when the messages hold no such id. O(n) to find the id, then as a scroll.
   */
  scrollToMessage(messageId: string, options: ScrollToMessageOptions = {}): boolean {
    if (typeof messageId !== "string") throw badOption("messageId", messageId, DEV ? "a message id (a string)" : "");
    const { align = "start", focus = false } = options;
    if (!ALIGNS.includes(align)) throw badOption("align", align, DEV ? `one of ${ALIGNS.join(", ")}` : "");
    const messages = this.#messages;
    let index = -1;
    for (let i = 0; i < messages.length; i++) {
      if (messages[i]!.id === messageId) {
        index = i;
        break;
      }
    }
    if (index < 0) return false;
    this.#scrollToIndex(index, align, focus);
    return true;
  }

  /** Scrolls to the bottom and follows the latest message again (the "jump to latest" button). */
  scrollToLatest(options: { readonly focus?: boolean } = {}): void {
    this.#target = undefined;
    this.#passes = 0;
    this.#grown = true;
    this.#atLatest.value = true;
    const last = this.#messages.at(-1);
    if (options.focus === true && last !== undefined) this.#focusNext = last;
    this.#aim();
  }

  /** Stops the DOM work (the rows stay as they are). */
  dispose(): void {
    this.#detach();
  }

  #scrollToIndex(index: number, align: ScrollAlign, focus: boolean): void {
    const message = this.#messages[index]!;
    this.#passes = 0;
    this.#target = { message, index, align };
    this.#atLatest.value = false;
    if (focus) this.#focusNext = message;
    this.#aim();
  }

  /** After a jump was asked for: fits the view at once when its rows are drawn, else draws them first. */
  #aim(): void {
    if (this.#scroller !== undefined && this.#covers(this.#intendedTop(this.#viewport()), this.#viewport())) {
      this.#moveFocus();
      this.#layout();
      return;
    }
    this.#fit();
    this.#emit();
  }

  /**
   * Moves the window to where the view is about to be, by the heights as they stand, unless it
   * already covers that. Before the view is attached, the latest messages are the last
   * `initialRows`: what the server draws.
   */
  #fit(): void {
    const count = this.#messages.length;
    if (this.#scroller === undefined && this.#target === undefined && this.#atLatest.peek()) {
      this.#start = Math.max(0, count - this.#options.initialRows);
      this.#end = count;
      return;
    }
    const viewport = this.#viewport();
    const top = this.#intendedTop(viewport);
    if (!this.#covers(top, viewport)) this.#setRange(top, viewport);
  }

  /** The visible height: the scroller's, or before it is laid out, what the first rows would fill. */
  #viewport(): number {
    const height = this.#scroller?.clientHeight ?? 0;
    return height > 0 ? height : this.#options.initialRows * this.#heights.estimate;
  }

  /** Where the view's top should be, in the list's coordinates, by the heights as they stand. */
  #intendedTop(viewport: number): number {
    const heights = this.#heights;
    const target = this.#target;
    if (target !== undefined) return alignedTop(target.align, heights.offset(target.index), heights.height(target.index), viewport, this.#currentTop());
    if (this.#atLatest.peek()) return heights.total - viewport;
    const anchor = this.#anchor;
    if (anchor !== undefined) return heights.offset(anchor.index) + anchor.delta;
    return this.#currentTop();
  }

  #currentTop(): number {
    const scroller = this.#scroller;
    return scroller === undefined ? 0 : scroller.scrollTop - this.#listTop;
  }

  /**
   * Fits the view to the rows as now drawn and measured: the paddings standing for the rows not
   * drawn, then the scroll position (the target, the bottom, or the anchor kept in place), then,
   * if the rows drawn do not cover the view and its margins, a new window (the binding draws it
   * and calls `rendered`, which comes back here).
   */
  #layout(measureListTop = true): void {
    const scroller = this.#scroller;
    const list = this.#list;
    if (scroller === undefined || list === undefined) return;
    const viewport = scroller.clientHeight;
    // Not laid out (hidden, or a DOM without layout): nothing can be measured, the rows stay.
    if (viewport === 0) return;
    if (++this.#passes > MAX_PASSES) return;
    const heights = this.#heights;
    // Every read comes before the writes (a read after a write lays the page out again), and
    // each is read once: a streamed answer runs this once a frame.
    // Moved since the window last looked, and no scroll event has said so yet (a scrollIntoView
    // just before a click, say): that is where the reader is, not a position to restore.
    const current = scroller.scrollTop;
    this.#scrollUnread = false;
    if (Math.abs(current - this.#lastTop) > 0.5 && !(Math.abs(current - this.#written) < 1) && this.#target === undefined) this.#readerMoved(scroller, current);
    if (measureListTop) this.#listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientTop + current;
    const listTop = this.#listTop;
    // Only a padding that changed is written; then the height below is read after it (and that
    // read lays the page out), else it is the height the frame's layout left.
    this.#writePadding(list);
    const bottom = scroller.scrollHeight - viewport;
    const target = this.#target;
    let top: number;
    if (target !== undefined) {
      top = listTop + alignedTop(target.align, heights.offset(target.index), heights.height(target.index), viewport, current - listTop);
    } else if (this.#atLatest.peek() && this.#grown) {
      top = bottom;
    } else if (this.#anchor !== undefined) {
      top = listTop + heights.offset(this.#anchor.index) + this.#anchor.delta;
    } else {
      top = current;
    }
    top = Math.max(0, Math.min(top, bottom));
    let written = current;
    if (Math.abs(current - top) > 0.5) {
      scroller.scrollTop = top;
      // Where the browser put it (it rounds to its pixel grid): a read after a scroll write
      // needs no layout.
      written = scroller.scrollTop;
    }
    this.#written = written;
    this.#lastTop = written;
    const viewTop = written - listTop;
    if (!this.#covers(viewTop, viewport)) {
      this.#setRange(viewTop, viewport);
      this.#emit();
      return;
    }
    this.#passes = 0;
    this.#grown = false;
    if (target !== undefined) {
      // Landed: from here on it is the anchor, kept in place while rows around it change.
      this.#target = undefined;
      if (scroller.scrollHeight - written - viewport <= this.#options.latestThreshold && target.index === this.#messages.length - 1) this.#atLatest.value = true;
    }
    this.#capture(viewTop);
    this.#moveFocus();
    this.#checkStart(viewTop);
    // A row drawn outside the window for focus sits at its offset, which rows above may have moved.
    const focused = this.#focused;
    if (focused !== undefined && (focused.index < this.#start || focused.index >= this.#end)) {
      const drawn = this.#rows.peek().find((row) => row.message === focused.message);
      if (drawn !== undefined && drawn.top !== heights.offset(focused.index)) this.#emit();
    }
  }

  #writePadding(list: HTMLElement): void {
    const heights = this.#heights;
    const top = heights.offset(this.#start);
    const bottom = heights.total - heights.offset(this.#end);
    if (top !== this.#paddingTop) {
      this.#paddingTop = top;
      list.style.paddingTop = `${top}px`;
    }
    if (bottom !== this.#paddingBottom) {
      this.#paddingBottom = bottom;
      list.style.paddingBottom = `${bottom}px`;
    }
  }

  /** The rows `viewTop - margin … viewTop + viewport + margin` cover (list coordinates). */
  #rangeAt(viewTop: number, viewport: number, margin: number): [number, number] {
    const heights = this.#heights;
    const count = this.#messages.length;
    if (count === 0) return [0, 0];
    return [heights.indexAt(Math.max(0, viewTop - margin)), Math.min(count, heights.indexAt(viewTop + viewport + margin) + 1)];
  }

  /**
   * Whether the window fits a view at `viewTop`: it draws at least the view and half the margin
   * each side, and nothing beyond twice the margin (so a far jump does not keep the old rows).
   */
  #covers(viewTop: number, viewport: number): boolean {
    const margin = this.#options.margin;
    const [needStart, needEnd] = this.#rangeAt(viewTop, viewport, margin / 2);
    const [mostStart, mostEnd] = this.#rangeAt(viewTop, viewport, 2 * margin);
    return this.#start <= needStart && this.#end >= needEnd && this.#start >= mostStart && this.#end <= mostEnd;
  }

  #setRange(viewTop: number, viewport: number): void {
    [this.#start, this.#end] = this.#rangeAt(viewTop, viewport, this.#options.margin);
  }

  /**
   * The anchor: the message at the view's top, and how far into it the view's top is. A row not
   * measured yet (the view scrolled just past the drawn rows) is no anchor: its height, an
   * estimate, changes once it is drawn, and the view would move by the difference; the first
   * measured row below it is taken instead.
   */
  #capture(viewTop: number): void {
    const heights = this.#heights;
    let index = heights.indexAt(viewTop);
    if (index < 0) {
      this.#anchor = undefined;
      return;
    }
    if (!heights.isMeasured(index)) {
      for (let next = Math.max(index + 1, this.#start); next < this.#end; next++) {
        if (heights.isMeasured(next)) {
          index = next;
          break;
        }
      }
    }
    this.#anchor = { message: this.#messages[index]!, index, delta: viewTop - heights.offset(index) };
  }

  #checkStart(viewTop: number): void {
    const onReachStart = this.#options.onReachStart;
    if (onReachStart === undefined || this.#messages.length === 0) return;
    const margin = this.#options.margin;
    if (viewTop > 2 * margin) {
      this.#reachedStart = false;
    } else if (viewTop <= margin && !this.#reachedStart) {
      this.#reachedStart = true;
      // Not from inside the layout: the callback usually loads history, which calls setMessages.
      queueMicrotask(onReachStart);
    }
  }

  #emit(): void {
    this.#rows.value = this.#build();
  }

  #build(): WindowRow<T>[] {
    const messages = this.#messages;
    const start = this.#start;
    const end = this.#end;
    const focused = this.#focused;
    const rows: WindowRow<T>[] = [];
    // The tab stop: the row last focused when drawn, else the row at the view's top, else the last.
    const active = this.#active;
    const stop =
      active !== undefined && ((active.index >= start && active.index < end) || active.index === focused?.index)
        ? active.index
        : Math.min(Math.max(this.#anchor?.index ?? end - 1, start), end - 1);
    const row = (index: number, top: number | undefined): WindowRow<T> => ({ message: messages[index]!, index, top, tabIndex: index === stop ? 0 : -1 });
    if (focused !== undefined && focused.index < start) rows.push(row(focused.index, this.#heights.offset(focused.index)));
    for (let index = start; index < end; index++) rows.push(row(index, undefined));
    if (focused !== undefined && focused.index >= end) rows.push(row(focused.index, this.#heights.offset(focused.index)));
    return rows;
  }

  /** Observes and measures row elements new in the list; forgets the ones gone. */
  #syncRows(list: HTMLElement): void {
    const observed = this.#observed;
    const messages = this.#messages;
    const heights = this.#heights;
    for (const element of Array.from(list.children)) {
      const index = rowIndex(element);
      if (index < 0 || index >= messages.length) continue;
      const message = messages[index]!;
      if (observed.get(element) === message) continue;
      observed.set(element, message);
      const height = element.getBoundingClientRect().height;
      if (height > 0 || this.#scroller!.clientHeight > 0) heights.measure(index, height);
      if (this.#inObserver) this.#observeLater(element);
      else this.#observer?.observe(element);
    }
    for (const element of observed.keys()) {
      if (element.parentNode === list) continue;
      observed.delete(element);
      this.#observer?.unobserve(element);
    }
  }

  /**
   * A row drawn while a ResizeObserver callback runs is observed from the next frame: observed
   * now, its first size would wait for a frame anyway, and the browser would report that as a
   * "ResizeObserver loop completed with undelivered notifications" error. It was measured already.
   */
  #observeLater(element: Element): void {
    this.#unobserved.push(element);
    if (this.#observeFrame !== 0) return;
    this.#observeFrame = requestAnimationFrame(() => {
      this.#observeFrame = 0;
      const pending = this.#unobserved;
      this.#unobserved = [];
      for (const element of pending) if (this.#observed.has(element)) this.#observer?.observe(element);
    });
  }

  #moveFocus(): void {
    const message = this.#focusNext;
    const list = this.#list;
    if (message === undefined || list === undefined) return;
    for (const element of Array.from(list.children)) {
      if (this.#observed.get(element) === message) {
        this.#focusNext = undefined;
        (element as HTMLElement).focus({ preventScroll: true });
        return;
      }
    }
  }

  readonly #onResize = (entries: ResizeObserverEntry[]): void => {
    const list = this.#list;
    if (list === undefined) return;
    this.#passes = 0;
    let changed = false;
    /** Something else than a row resized: the list's top may have moved. */
    let around = false;
    const heights = this.#heights;
    for (const entry of entries) {
      const element = entry.target;
      const message = this.#observed.get(element);
      if (message === undefined) {
        // The scroller, a header or a footer.
        changed = true;
        around = true;
        continue;
      }
      if (element.parentNode !== list) continue;
      const index = rowIndex(element);
      if (this.#messages[index] !== message) continue;
      const size = entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      if (heights.measure(index, size) !== 0) changed = true;
    }
    if (!changed) return;
    this.#grown = true;
    const rows = this.#rows.peek();
    this.#inObserver = true;
    try {
      this.#layout(around);
    } finally {
      if (this.#rows.peek() !== rows) {
        // The binding draws the rows this asked for in microtasks (a few rounds, each drawing and
        // measuring), all before the observer looks again in this frame: until the next frame,
        // rows are observed late.
        if (this.#inObserverFrame === 0) {
          this.#inObserverFrame = requestAnimationFrame(() => {
            this.#inObserverFrame = 0;
            this.#inObserver = false;
          });
        }
      } else if (this.#inObserverFrame === 0) {
        // Nothing new to draw (a streamed row grew, the view followed it): nothing to wait for.
        this.#inObserver = false;
      }
    }
  };

  readonly #onScroll = (): void => {
    const scroller = this.#scroller;
    if (scroller === undefined) return;
    const after = this.#afterScroll;
    // At the latest message, where the window last put the view: read later (see #scrollUnread).
    // A wheel up has already let go of the latest message, so the reader's scrolls are read here.
    if (after !== undefined && this.#atLatest.peek() && this.#target === undefined && !Number.isNaN(this.#written)) {
      if (!this.#scrollUnread) {
        this.#scrollUnread = true;
        after.port2.postMessage(null);
      }
      return;
    }
    this.#readScroll(scroller);
  };

  /** The task after a scroll event left unread: read now, unless a layout read it first. */
  readonly #onAfterScroll = (): void => {
    const scroller = this.#scroller;
    if (!this.#scrollUnread || scroller === undefined) return;
    this.#scrollUnread = false;
    this.#readScroll(scroller);
  };

  #readScroll(scroller: HTMLElement): void {
    const top = scroller.scrollTop;
    if (Math.abs(top - this.#written) < 1) return;
    this.#passes = 0;
    this.#readerMoved(scroller, top);
    const viewport = scroller.clientHeight;
    const viewTop = top - this.#listTop;
    if (!this.#covers(viewTop, viewport)) {
      this.#setRange(viewTop, viewport);
      this.#emit();
      return;
    }
    this.#checkStart(viewTop);
  }

  /**
   * The view was moved by someone else than the window (the reader, a scrollIntoView, find in
   * page): it follows the latest message again only at the bottom, and is anchored where it is
   * now, with the heights the DOM shows now.
   */
  #readerMoved(scroller: HTMLElement, top: number): void {
    this.#written = Number.NaN;
    this.#target = undefined;
    if (scroller.scrollHeight - top - scroller.clientHeight <= this.#options.latestThreshold) this.#atLatest.value = true;
    else if (top < this.#lastTop) this.#atLatest.value = false;
    this.#lastTop = top;
    this.#capture(top - this.#listTop);
  }

  readonly #onWheel = (event: WheelEvent): void => {
    // Up the thread: stop following at once, before a growing answer scrolls the view back down.
    if (event.deltaY < 0 && this.#scroller !== undefined && this.#scroller.scrollTop > 0) this.#atLatest.value = false;
  };

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const element = event.target as Element;
    // Only a focused row itself: keys typed in a form inside a row are the form's.
    if (element.parentNode !== this.#list) return;
    const index = rowIndex(element);
    const count = this.#messages.length;
    if (index < 0 || index >= count) return;
    let next: number;
    switch (event.key) {
      case "ArrowDown":
        next = index + 1;
        break;
      case "ArrowUp":
        next = index - 1;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = count - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next >= 0 && next < count) this.#scrollToIndex(next, "nearest", true);
  };

  readonly #onFocusIn = (event: FocusEvent): void => {
    const list = this.#list;
    let element = event.target as Node | null;
    while (element !== null && element.parentNode !== list) element = element.parentNode;
    if (element === null) return;
    const message = this.#observed.get(element as Element);
    if (message === undefined) return;
    const index = rowIndex(element as Element);
    const changed = this.#focused?.message !== message || this.#active?.message !== message;
    this.#focused = { message, index };
    this.#active = { message, index };
    if (changed) this.#emit();
  };

  readonly #onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    if (next !== null && this.#list?.contains(next)) return;
    // The window itself lost focus (another tab, another app): the row keeps it for when it is back.
    if (next === null && typeof document !== "undefined" && !document.hasFocus()) return;
    const was = this.#focused;
    this.#focused = undefined;
    if (was !== undefined && (was.index < this.#start || was.index >= this.#end)) this.#emit();
  };

  #detach(): void {
    const scroller = this.#scroller;
    const list = this.#list;
    if (scroller === undefined || list === undefined) return;
    scroller.removeEventListener("scroll", this.#onScroll);
    this.#afterScroll?.port1.close();
    this.#afterScroll = undefined;
    this.#scrollUnread = false;
    scroller.removeEventListener("wheel", this.#onWheel);
    list.removeEventListener("keydown", this.#onKeyDown);
    list.removeEventListener("focusin", this.#onFocusIn);
    list.removeEventListener("focusout", this.#onFocusOut);
    this.#observer?.disconnect();
    this.#observer = undefined;
    if (this.#observeFrame !== 0) cancelAnimationFrame(this.#observeFrame);
    this.#observeFrame = 0;
    if (this.#inObserverFrame !== 0) cancelAnimationFrame(this.#inObserverFrame);
    this.#inObserverFrame = 0;
    this.#inObserver = false;
    this.#unobserved = [];
    this.#observed.clear();
    this.#scroller = undefined;
    this.#list = undefined;
    this.#paddingTop = -1;
    this.#paddingBottom = -1;
  }
}

/** The view's top that shows a row at `rowTop` (height `rowHeight`) as `align` says. */
function alignedTop(align: ScrollAlign, rowTop: number, rowHeight: number, viewport: number, current: number): number {
  switch (align) {
    case "start":
      return rowTop;
    case "center":
      return rowTop + rowHeight / 2 - viewport / 2;
    case "end":
      return rowTop + rowHeight - viewport;
    case "nearest":
      if (rowTop < current || rowHeight > viewport) return rowTop;
      if (rowTop + rowHeight > current + viewport) return rowTop + rowHeight - viewport;
      return current;
    default: {
      const never: never = align;
      return never;
    }
  }
}

/** A tracked message after a list change: moved with it, or gone with the rows it replaced. */
function moved<M extends Tracked<unknown>>(tracked: M | undefined, change: ListChange): M | undefined {
  if (tracked === undefined) return undefined;
  const index = indexAfter(change, tracked.index);
  if (index < 0) return undefined;
  tracked.index = index;
  return tracked;
}

/** A window edge after a list change; an edge inside the replaced rows goes to their start (or, for the end, past the new ones). */
function mapEdge(edge: number, change: ListChange, isEnd: boolean): number {
  if (edge <= change.start) return edge;
  if (edge >= change.start + change.removed) return edge - change.removed + change.inserted;
  return isEnd ? change.start + change.inserted : change.start;
}

function rowIndex(element: Element): number {
  const position = element.getAttribute("aria-posinset");
  return position === null ? -1 : Number(position) - 1;
}

function isElement(value: unknown): value is HTMLElement {
  return typeof value === "object" && value !== null && (value as Node).nodeType === 1;
}

/** Messages `from … to` (the ones new to the window) are objects with a string id. */
function checkMessages(messages: readonly unknown[], from: number, to: number): void {
  if (!Array.isArray(messages)) throw new ThreadWindowError("THREAD_WINDOW_BAD_MESSAGES", DEV ? "thread window: the messages must be an array" : "", messages, "messages");
  for (let i = from; i < to; i++) {
    const message = messages[i] as { id?: unknown } | null | undefined;
    if (typeof message?.id !== "string") {
      throw new ThreadWindowError("THREAD_WINDOW_BAD_MESSAGES", DEV ? `thread window: message ${i} has no string id` : "", message, `messages[${i}]`);
    }
  }
}

function badOption(option: string, value: unknown, wanted: string): ThreadWindowError {
  return new ThreadWindowError("THREAD_WINDOW_BAD_OPTION", DEV ? `thread window: ${option} must be ${wanted}` : "", value, option);
}
