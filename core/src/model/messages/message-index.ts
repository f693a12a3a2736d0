/**
 * A thread's message nodes by id: the lookup every message event starts with, O(1) in the
 * thread's length. A `Map` would cost ~37 bytes a message (an entry is three words — key, value,
 * chain — plus its share of the buckets); this table holds only the nodes, which carry their id,
 * in a power-of-two array at most 4/5 full: 10–20 bytes a message.
 *
 * Open addressing with triangular probing (it visits every slot of a power-of-two table, and
 * does not pile keys into runs as linear probing does); a removed node leaves a tombstone, swept
 * when the table is rebuilt. The ids are hashed here, in O(id length); the node found last is
 * remembered, so the deltas of one streaming message skip the hash.
 */

interface Keyed {
  readonly id: string;
}

/** Marks a removed entry: probing goes on past it. Compared by identity, so no id can match it. */
const TOMBSTONE: Keyed = Object.freeze({ id: "" });

const INITIAL_SLOTS = 8;

/** Entries and tombstones together stay at most 4/5 of the slots. */
function maxFilled(slots: number): number {
  return Math.floor(slots * 0.8);
}

/** FNV-1a over the UTF-16 units, then a finaliser so the low bits (the ones the mask keeps) mix. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}

export class MessageIndex<N extends Keyed> {
  #slots: (N | Keyed | undefined)[] = new Array(INITIAL_SLOTS).fill(undefined);
  /** Nodes held. */
  #size = 0;
  /** Slots that are not empty: nodes and tombstones. */
  #filled = 0;
  #last: N | undefined = undefined;

  get size(): number {
    return this.#size;
  }

  get(id: string): N | undefined {
    const last = this.#last;
    if (last !== undefined && last.id === id) return last;
    if (typeof id !== "string") return undefined;
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = hashOf(id) & mask, step = 1; ; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined) return undefined;
      if (slot !== TOMBSTONE && slot.id === id) return (this.#last = slot as N);
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Indexes `node` under its id, unless a node with that id is indexed already (the first stays). */
  add(node: N): void {
    const id = node.id;
    const slots = this.#slots;
    const mask = slots.length - 1;
    let free = -1;
    for (let at = hashOf(id) & mask, step = 1; ; at = (at + step++) & mask) {
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
    }
    slots[free] = node;
    this.#size++;
    if (this.#filled > maxFilled(slots.length)) this.#rebuild();
  }

  /** Drops `node`, only if it is the node indexed under its id. */
  remove(node: N): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = hashOf(node.id) & mask, step = 1; ; at = (at + step++) & mask) {
      const slot = slots[at];
      if (slot === undefined) return;
      if (slot === node) {
        slots[at] = TOMBSTONE;
        this.#size--;
        if (this.#last === node) this.#last = undefined;
        return;
      }
    }
  }

  clear(): void {
    this.#slots = new Array(INITIAL_SLOTS).fill(undefined);
    this.#size = 0;
    this.#filled = 0;
    this.#last = undefined;
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
      let at = hashOf(node.id) & mask;
      for (let step = 1; slots[at] !== undefined; at = (at + step++) & mask);
      slots[at] = node;
    }
    this.#slots = slots;
    this.#filled = this.#size;
  }
}
