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
 */

type JsonObject = Record<string, unknown>;

interface Frame {
  readonly isArray: boolean;
  container: JsonObject | unknown[];
  /** Epoch in which `container` was created or copied; older means published. */
  epoch: number;
  /** Objects: number of own keys, kept so copy accounting needs no `Object.keys`. */
  size: number;
  /** Objects: the key whose value is being read. */
  key: string;
  /** Objects: whether `key` already had a value (duplicate key) and what it was. */
  hadPrevious: boolean;
  previous: unknown;
  /** The slot for the value being read currently holds it (an array's last element). */
  present: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;

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
    top.hadPrevious = hasOwn.call(container, key);
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
    if (top.isArray && !top.present && top.epoch !== this.#epoch) {
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
  }

  /** Opens an object or array as the value being read. */
  open(isArray: boolean): void {
    const container: JsonObject | unknown[] = isArray ? [] : {};
    this.setValue(container);
    this.#frames.push({
      isArray,
      container,
      epoch: this.#epoch,
      size: 0,
      key: "",
      hadPrevious: false,
      previous: undefined,
      present: false,
    });
  }

  /** Closes the innermost container; its slot in the parent already holds its latest copy. */
  close(): void {
    this.#frames.pop();
  }

  /**
   * Makes frames[index] and its ancestors current-epoch copies (see the file comment). With
   * `element`, the copy of frames[index] (a published array) gets it as a new last element:
   * `slice()` allocates exactly the length, so a `push` after it would reallocate and copy the
   * array a second time, into 1.5 times the room.
   */
  #own(index: number, element: unknown = NO_ELEMENT): void {
    const frames = this.#frames;
    const epoch = this.#epoch;
    let first = index;
    while (first >= 0 && (frames[first] as Frame).epoch !== epoch) first--;
    for (let i = first + 1; i <= index; i++) {
      const frame = frames[i] as Frame;
      let copy: JsonObject | unknown[];
      if (frame.isArray) {
        const array = frame.container as unknown[];
        copy = i === index && element !== NO_ELEMENT ? array.concat([element]) : array.slice();
        this.stats.entriesCopied += array.length;
      } else {
        copy = { ...(frame.container as JsonObject) };
        this.stats.entriesCopied += frame.size;
      }
      this.stats.containersCopied++;
      frame.container = copy;
      frame.epoch = epoch;
      if (i === 0) {
        this.root = copy;
      } else {
        const parent = frames[i - 1] as Frame;
        if (parent.isArray) {
          const array = parent.container as unknown[];
          array[array.length - 1] = copy;
        } else {
          defineKey(parent.container as JsonObject, parent.key, copy);
        }
      }
    }
  }
}
