/**
 * The best-effort value being built by the partial-JSON parser, with copy-on-write structural
 * sharing.
 *
 * Every container handed to the caller is treated as frozen: the parser never mutates it again.
 * The first write after the value was handed out starts a new epoch; the first write under an
 * open container during an epoch copies the container once (and, up the stack, every ancestor
 * that is still the published one), after which the copy is written in place until the value
 * is handed out again. So each hand-out costs one copy of each open container on the written
 * path, and a sub-value that was not written keeps its identity.
 *
 * Invariant that makes the upward walk short: the containers created or copied in the current
 * epoch always form a prefix of the stack (root first), because making a frame current makes
 * its parent current first. The walk therefore stops at the first current ancestor.
 *
 * Large open containers are held back. Copying an open container of n entries on every hand-out
 * would make a growing table quadratic (each delta changes its last row), so once a published
 * container with at least HOLD_FROM entries is written again, its frame keeps a private working
 * copy that is written in place and never handed out; the parent keeps the last published
 * snapshot. A held frame stops the upward walk: a write under it changes nothing the caller can
 * see, so its ancestors keep their identity. `publish` (at each hand-out) re-publishes every
 * held container at once, or none: none while the characters read since the value was last
 * exact are fewer than their entries / HOLD_RATIO, so copies cost at most HOLD_RATIO entries per
 * character. A hand-out is therefore exactly the text's value or the previous hand-out itself,
 * and after the latter no new epoch begins: nothing built since was handed out. Closing a held
 * container links its working copy (final now) in place of the snapshot, and `publish` with
 * `exact` re-publishes them all.
 */

type JsonObject = Record<string, unknown>;

/**
 * Containers with at least this many entries are held back while open (see the file comment).
 * Below it every hand-out is exact whatever the delta size, and a copy costs little.
 */
export const HOLD_FROM = 64;
/** Held containers of n entries in all are re-published at least every n / HOLD_RATIO characters. */
export const HOLD_RATIO = 8;

interface Frame {
  readonly isArray: boolean;
  /** What is written; for a held frame the private working copy. */
  container: JsonObject | unknown[];
  /** Epoch in which `container` was created or copied; older means published (unless held). */
  epoch: number;
  /** `container` is a private working copy (see the file comment): never published. */
  held: boolean;
  /** Objects: number of own keys, kept so copy accounting needs no `Object.keys`. */
  size: number;
  /** Objects: the key whose value is being read. */
  key: string;
  /** Objects: whether `key` already had a value (duplicate key) and what it was. */
  hadPrevious: boolean;
  previous: unknown;
  /** The slot for the value being read currently holds it (an array's last element). */
  present: boolean;
  /** Held frames: `container` differs from the snapshot in the parent's slot. */
  stale: boolean;
}

/** `#own`'s "no element to append" (any JSON value, `undefined` included, can be appended). */
const NO_ELEMENT: unique symbol = Symbol("no element");

/** Writes like JSON.parse: `__proto__` becomes an own property, never the prototype. */
function defineKey(target: JsonObject, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

const entries = (frame: Frame): number => (frame.isArray ? (frame.container as unknown[]).length : frame.size);

export interface TreeStats {
  /** Containers copied because they had been published and were written again. */
  containersCopied: number;
  /** Sum of the sizes (elements or keys) of those copies. */
  entriesCopied: number;
}

export class PartialValueTree {
  /** The top-level value; `undefined` until something presentable was read. */
  root: unknown = undefined;
  readonly #frames: Frame[] = [];
  #epoch = 0;
  /** Open frames that are held; `publish` has nothing to do while there are none. */
  #held = 0;
  /** Characters read when the value handed out was last exactly the text's. */
  #exactAt = 0;
  readonly stats: TreeStats = { containersCopied: 0, entriesCopied: 0 };

  get depth(): number {
    return this.#frames.length;
  }

  /** The innermost open container is an array (false when none is open). */
  get inArray(): boolean {
    const top = this.#frames[this.#frames.length - 1];
    return top !== undefined && top.isArray;
  }

  /** Key being read in the innermost open object. */
  get key(): string {
    return this.#frames[this.#frames.length - 1]?.key ?? "";
  }

  /** Marks everything built so far as published (handed to the caller). */
  nextEpoch(): void {
    this.#epoch++;
  }

  /**
   * Before a hand-out: brings the held containers' snapshots up to date, all of them or none, so
   * a hand-out is either exactly the text's value or the previous hand-out itself. All of them
   * once their entries, n in all, are at most HOLD_RATIO times the characters read since the
   * value was last exact (so each character pays for at most HOLD_RATIO copied entries), or
   * when `exact`. `charsRead` counts every character received so far. Returns false when the
   * hand-out is held back: it is then the previous value, so nothing built since is published.
   */
  publish(charsRead: number, exact: boolean): boolean {
    if (this.#held === 0) {
      this.#exactAt = charsRead;
      return true;
    }
    const frames = this.#frames;
    let owed = 0;
    let stale = false;
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i] as Frame;
      if (!frame.held) continue;
      owed += entries(frame);
      stale ||= frame.stale;
    }
    if (stale && !exact && (charsRead - this.#exactAt) * HOLD_RATIO < owed) return false;
    // Innermost first: a new snapshot is a write into its parent, which may be held too.
    for (let i = frames.length - 1; i >= 0 && stale; i--) {
      const frame = frames[i] as Frame;
      if (!frame.held || !frame.stale) continue;
      frame.stale = false;
      this.#link(i, this.#copy(frame));
    }
    this.#exactAt = charsRead;
    return true;
  }

  /** Prepares the innermost container for a new value (after `[` or `,` in an array). */
  beginElement(): void {
    const top = this.#frames[this.#frames.length - 1];
    if (top !== undefined) top.present = false;
  }

  /** Prepares the innermost object for the value of `key` (a key was just read). */
  beginMember(key: string): void {
    const top = this.#frames[this.#frames.length - 1];
    if (top === undefined || top.isArray) return;
    const container = top.container as JsonObject;
    top.key = key;
    top.present = false;
    top.hadPrevious = Object.hasOwn(container, key);
    top.previous = top.hadPrevious ? container[key] : undefined;
  }

  /** Sets (or replaces) the value being read in the innermost container, or the root. */
  setValue(value: unknown): void {
    const index = this.#frames.length - 1;
    if (index < 0) {
      this.root = value;
      return;
    }
    const top = this.#frames[index] as Frame;
    if (top.isArray && !top.present && top.epoch !== this.#epoch && !top.held) {
      // A new element in a published array: copy with the element in one allocation.
      this.#own(index, value);
    } else if (top.isArray) {
      this.#own(index);
      const array = top.container as unknown[];
      if (top.present) array[array.length - 1] = value;
      else array.push(value);
    } else {
      this.#own(index);
      if (!top.present && !top.hadPrevious) top.size++;
      defineKey(top.container as JsonObject, top.key, value);
    }
    top.present = true;
    top.stale = true;
  }

  /**
   * Takes back the value being read, e.g. a number that was `12` and is now `12.` (which
   * partial-json reads as absent). A duplicate key gets its earlier value back.
   */
  removeValue(): void {
    const index = this.#frames.length - 1;
    if (index < 0) {
      this.root = undefined;
      return;
    }
    const top = this.#frames[index] as Frame;
    if (!top.present) return;
    this.#own(index);
    if (top.isArray) {
      (top.container as unknown[]).pop();
    } else if (top.hadPrevious) {
      defineKey(top.container as JsonObject, top.key, top.previous);
    } else {
      delete (top.container as JsonObject)[top.key];
      top.size--;
    }
    top.present = false;
    top.stale = true;
  }

  /** Opens an object or array as the value being read. */
  open(isArray: boolean): void {
    const container: JsonObject | unknown[] = isArray ? [] : {};
    this.setValue(container);
    this.#frames.push({
      isArray,
      container,
      epoch: this.#epoch,
      held: false,
      size: 0,
      key: "",
      hadPrevious: false,
      previous: undefined,
      present: false,
      stale: false,
    });
  }

  /**
   * Closes the innermost container. Its slot in the parent already holds its latest copy,
   * unless it was held: then the working copy, final now, replaces the snapshot there.
   */
  close(): void {
    const frame = this.#frames.pop() as Frame;
    if (!frame.held) return;
    this.#held--;
    if (frame.stale) this.#link(this.#frames.length, frame.container);
  }

  /**
   * Makes frames[index] and its ancestors current-epoch copies (see the file comment), up to
   * the first current or held ancestor; a published ancestor as large as HOLD_FROM becomes held
   * instead of being copied and linked. With `element`, the copy of frames[index] (a published
   * array) gets it as a new last element: `slice()` allocates exactly the length, so a `push`
   * after it would reallocate and copy the array a second time, into 1.5 times the room.
   */
  #own(index: number, element: unknown = NO_ELEMENT): void {
    const frames = this.#frames;
    const epoch = this.#epoch;
    let first = index;
    for (; first >= 0; first--) {
      const frame = frames[first] as Frame;
      if (frame.epoch === epoch || frame.held) break;
      if (entries(frame) >= HOLD_FROM) {
        this.#hold(frame, first === index ? element : NO_ELEMENT);
        break;
      }
    }
    for (let i = first + 1; i <= index; i++) {
      const frame = frames[i] as Frame;
      const copy = this.#copy(frame, i === index ? element : NO_ELEMENT);
      frame.container = copy;
      frame.epoch = epoch;
      this.#linkUnder(i, copy);
    }
  }

  /** Starts holding a published frame: it gets a private working copy; the parent keeps the published one. */
  #hold(frame: Frame, element: unknown): void {
    frame.container = this.#copy(frame, element);
    frame.held = true;
    frame.stale = true;
    this.#held++;
  }

  /** Puts `value` in frames[index]'s slot: the root, or its parent's slot, which is made current first. */
  #link(index: number, value: unknown): void {
    if (index > 0) this.#own(index - 1);
    this.#linkUnder(index, value);
  }

  /** Writes `value` into frames[index]'s slot, whose container is already writable. */
  #linkUnder(index: number, value: unknown): void {
    if (index === 0) {
      this.root = value;
      return;
    }
    const parent = this.#frames[index - 1] as Frame;
    if (parent.isArray) {
      const array = parent.container as unknown[];
      array[array.length - 1] = value;
    } else {
      defineKey(parent.container as JsonObject, parent.key, value);
    }
    parent.stale = true;
  }

  /** A copy of the frame's container, counted; with `element` appended (arrays). */
  #copy(frame: Frame, element: unknown = NO_ELEMENT): JsonObject | unknown[] {
    this.stats.containersCopied++;
    this.stats.entriesCopied += entries(frame);
    if (!frame.isArray) return { ...(frame.container as JsonObject) };
    const array = frame.container as unknown[];
    return element === NO_ELEMENT ? array.slice() : array.concat([element]);
  }
}
