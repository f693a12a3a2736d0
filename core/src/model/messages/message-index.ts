import { idHash } from "./id-hash.js";

/**
 * A thread's message nodes by id: the lookup every message event starts with, O(1) in the
 * thread's length. A `Map` would cost ~37 bytes a message (an entry is three words — key, value,
 * chain — plus its share of the buckets); this table holds only the nodes, which carry their id,
 * in a power-of-two array at most 4/5 full: 10–20 bytes a message.
 *
 * Open addressing with triangular probing (it visits every slot of a power-of-two table, and
 * does not pile keys into runs as linear probing does). A removed node (rare: a branch switch)
 * leaves a tombstone until the table is rebuilt. The node found last is remembered, so a
 * message's deltas skip the hash. Ids built to collide (the hash reads 16 characters) would make
 * probes run long: past MAX_PROBES the table turns into a `Map` for good.
 */

interface Keyed {
  readonly id: string;
}

/** Marks a removed node: probing goes on past it. Compared by identity, so no id can match it. */
const TOMBSTONE: Keyed = Object.freeze({ id: "" });

/** Well beyond what ids that hash apart need at 4/5 load (a longer run is ~0.8^k likely). */
const MAX_PROBES = 160;

export class MessageIndex<N extends Keyed> {
  #slots: (N | Keyed | undefined)[] = new Array(8);
  /** Slots that are not empty: nodes and tombstones. */
  #filled = 0;
  #last: N | undefined = undefined;
  /** The id `get` found absent last, and the empty slot where it would go (until the table changes). */
  #missId: string | undefined = undefined;
  #missAt = 0;
  /** The nodes once probing ran too long (see MAX_PROBES). */
  #map: Map<string, N> | undefined = undefined;

  get(id: string): N | undefined {
    const last = this.#last;
    if (last !== undefined && last.id === id) return last;
    if (typeof id !== "string") return undefined;
    if (this.#map !== undefined) return this.#map.get(id);
    const at = this.#probe(id);
    if (at < 0) return this.#toMap().get(id);
    const slot = this.#slots[at];
    if (slot !== undefined) return (this.#last = slot as N);
    this.#missId = id;
    this.#missAt = at;
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Indexes `node` under its id, unless a node with that id is indexed already (the first stays). */
  add(node: N): void {
    const map = this.#map;
    if (map !== undefined) {
      if (!map.has(node.id)) map.set(node.id, node);
      return;
    }
    // `has(id)` then `add(node)`, a bulk add's step: the probe that missed found the slot already.
    const at = node.id === this.#missId ? this.#missAt : this.#probe(node.id);
    if (at < 0) {
      this.#toMap();
      return this.add(node);
    }
    const slots = this.#slots;
    if (slots[at] !== undefined) return;
    slots[at] = node;
    this.#missId = undefined;
    if (++this.#filled > slots.length * 0.8) this.#rebuild();
  }

  /** @internal Room for `count` more nodes, so that adding them never rebuilds the table on the way (a whole list). */
  reserve(count: number): void {
    if (this.#map !== undefined) return;
    let size = this.#slots.length;
    while (this.#filled + count > size * 0.8) size *= 2;
    if (size > this.#slots.length) this.#rebuild(size);
  }

  /** Drops `node`, only if it is the node indexed under its id. */
  remove(node: N): void {
    if (this.#last === node) this.#last = undefined;
    this.#missId = undefined;
    const map = this.#map;
    if (map !== undefined) {
      if (map.get(node.id) === node) map.delete(node.id);
      return;
    }
    const at = this.#probe(node.id);
    if (at < 0) {
      this.#toMap();
      return this.remove(node);
    }
    if (this.#slots[at] === node) this.#slots[at] = TOMBSTONE;
  }

  clear(): void {
    this.#slots = new Array(8);
    this.#filled = 0;
    this.#last = undefined;
    this.#missId = undefined;
    this.#map = undefined;
  }

  /** The slot holding a node with this id, else the empty slot where it would go; -1 past MAX_PROBES. */
  #probe(id: string): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = idHash(id) & mask, step = 1; step <= MAX_PROBES; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined || (slot !== TOMBSTONE && slot.id === id)) return at;
    }
    return -1;
  }

  /** The nodes again, without tombstones: in twice the slots when they fill over half of what may be (or in `size`). */
  #rebuild(size?: number): void {
    const old = this.#slots;
    const live = old.filter((slot) => slot !== undefined && slot !== TOMBSTONE) as N[];
    this.#slots = new Array(size ?? (live.length > old.length * 0.4 ? old.length * 2 : old.length));
    this.#filled = 0;
    this.#missId = undefined;
    for (const node of live) this.add(node);
  }

  /** Ids that collide: the nodes move to a `Map`, which hashes every character. */
  #toMap(): Map<string, N> {
    this.#missId = undefined;
    const map = (this.#map = new Map());
    for (const slot of this.#slots) if (slot !== undefined && slot !== TOMBSTONE) map.set(slot.id, slot as N);
    this.#slots = [];
    return map;
  }
}
