import { idHash } from "./id-hash.js";

/**
 * A thread's message nodes by id: the lookup every message event starts with, O(1) in the
 * thread's length. A `Map` would cost ~37 bytes a message (an entry is three words — key, value,
 * chain — plus its share of the buckets); this table holds only the nodes, which carry their id,
 * in a power-of-two array at most 4/5 full: 10–20 bytes a message.
 *
 * Open addressing with triangular probing (it visits every slot of a power-of-two table, and
 * does not pile keys into runs as linear probing does); a removed node leaves a tombstone, swept
 * when the table is rebuilt. The node found last is remembered, so a message's deltas skip the
 * hash. Ids built to collide (the hash reads 16 characters) would make probes run long: past
 * MAX_PROBES the table turns into a `Map` for good, so no id set makes a lookup slow.
 */

interface Keyed {
  readonly id: string;
}

/** Marks a removed entry: probing goes on past it. Compared by identity, so no id can match it. */
const TOMBSTONE: Keyed = Object.freeze({ id: "" });

const INITIAL_SLOTS = 8;

/** Well beyond what ids that hash apart need at 4/5 load (a longer run is ~0.8^k likely). */
const MAX_PROBES = 160;

/** Entries and tombstones together stay at most 4/5 of the slots. */
function maxFilled(slots: number): number {
  return Math.floor(slots * 0.8);
}

export class MessageIndex<N extends Keyed> {
  #slots: (N | Keyed | undefined)[] = new Array(INITIAL_SLOTS).fill(undefined);
  /** Nodes held. */
  #size = 0;
  /** Slots that are not empty: nodes and tombstones. */
  #filled = 0;
  #last: N | undefined = undefined;
  /** The nodes once probing ran too long (see MAX_PROBES); the table is dropped then. */
  #map: Map<string, N> | undefined = undefined;

  get size(): number {
    return this.#map === undefined ? this.#size : this.#map.size;
  }

  get(id: string): N | undefined {
    const last = this.#last;
    if (last !== undefined && last.id === id) return last;
    if (typeof id !== "string") return undefined;
    if (this.#map !== undefined) return this.#map.get(id);
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = idHash(id) & mask, step = 1; ; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined) return undefined;
      if (slot !== TOMBSTONE && slot.id === id) return (this.#last = slot as N);
      if (step > MAX_PROBES) return this.#toMap().get(id);
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Indexes `node` under its id, unless a node with that id is indexed already (the first stays). */
  add(node: N): void {
    const id = node.id;
    if (this.#map !== undefined) {
      if (!this.#map.has(id)) this.#map.set(id, node);
      return;
    }
    const slots = this.#slots;
    const mask = slots.length - 1;
    let free = -1;
    for (let at = idHash(id) & mask, step = 1; ; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined) {
        if (free < 0) {
          free = at;
          this.#filled++;
        }
        break;
      }
      if (slot === TOMBSTONE) {
        if (free < 0) free = at;
      } else if (slot.id === id) return;
      if (step > MAX_PROBES) {
        const map = this.#toMap();
        if (!map.has(id)) map.set(id, node);
        return;
      }
    }
    slots[free] = node;
    this.#size++;
    if (this.#filled > maxFilled(slots.length)) this.#rebuild();
  }

  /** Drops `node`, only if it is the node indexed under its id. */
  remove(node: N): void {
    if (this.#last === node) this.#last = undefined;
    if (this.#map !== undefined) {
      if (this.#map.get(node.id) === node) this.#map.delete(node.id);
      return;
    }
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = idHash(node.id) & mask, step = 1; ; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined) return;
      if (slot === node) {
        slots[at] = TOMBSTONE;
        this.#size--;
        return;
      }
      if (step > MAX_PROBES) {
        this.#toMap();
        return this.remove(node);
      }
    }
  }

  clear(): void {
    this.#slots = new Array(INITIAL_SLOTS).fill(undefined);
    this.#size = 0;
    this.#filled = 0;
    this.#last = undefined;
    this.#map = undefined;
  }

  /** The table without tombstones: twice the size when the nodes alone fill half of what it may hold. */
  #rebuild(): void {
    const old = this.#slots;
    let length = old.length;
    if (this.#size * 2 > maxFilled(length)) length *= 2;
    const slots: (N | Keyed | undefined)[] = new Array(length).fill(undefined);
    const mask = length - 1;
    for (const node of old) {
      if (node === undefined || node === TOMBSTONE) continue;
      let at = idHash(node.id) & mask;
      for (let step = 1; slots[at] !== undefined; at = (at + step++) & mask) {
        if (step > MAX_PROBES) return void this.#toMap();
      }
      slots[at] = node;
    }
    this.#slots = slots;
    this.#filled = this.#size;
  }

  /** Ids that collide: the nodes move to a `Map`, which hashes every character. */
  #toMap(): Map<string, N> {
    const map = new Map<string, N>();
    for (const node of this.#slots) {
      if (node !== undefined && node !== TOMBSTONE) map.set(node.id, node as N);
    }
    this.#slots = [];
    this.#size = 0;
    this.#filled = 0;
    return (this.#map = map);
  }
}
