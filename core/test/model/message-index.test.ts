import { describe, expect, it } from "vitest";
import { MessageIndex } from "../../src/model/messages/message-index.js";

const node = (id: string) => ({ id });

describe("the thread's message index", () => {
  it("finds every node of a long thread by id, and none that is absent", () => {
    const index = new MessageIndex<{ id: string }>();
    const nodes = Array.from({ length: 20_000 }, (_, i) => node(i % 3 === 0 ? crypto.randomUUID() : `m${i}`));
    for (const n of nodes) index.add(n);
    for (const n of nodes) expect(index.get(n.id)).toBe(n);
    expect(index.get("m0")).toBeUndefined(); // 0 % 3 === 0: that one got a UUID
    expect(index.get("")).toBeUndefined();
    expect(index.has("m20000")).toBe(false);
  });

  it("keeps the first node of an id; removes a node only when it is the one indexed", () => {
    const index = new MessageIndex<{ id: string }>();
    const first = node("a");
    const second = node("a");
    index.add(first);
    index.add(second);
    expect(index.get("a")).toBe(first);
    index.remove(second);
    expect(index.get("a")).toBe(first);
    index.remove(first);
    expect(index.get("a")).toBeUndefined();
    index.add(second);
    expect(index.get("a")).toBe(second);
  });

  it("stays correct through many removals and re-additions (tombstones are reused and swept)", () => {
    const index = new MessageIndex<{ id: string }>();
    const live = new Map<string, { id: string }>();
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 200; i++) {
        const n = node(`r${round}-${i}`);
        index.add(n);
        live.set(n.id, n);
      }
      for (const [id, n] of live) {
        if (id.endsWith("7") || round % 5 === 0) {
          index.remove(n);
          live.delete(id);
        }
      }
    }
    for (const [id, n] of live) expect(index.get(id)).toBe(n);
    expect(index.get("r49-17")).toBeUndefined();
  });

  it("stays correct for ids that all hash alike (it gives up probing and keeps a Map)", () => {
    const index = new MessageIndex<{ id: string }>();
    // The hash reads the length, the first 4 and the last 12 characters: these differ only between.
    const nodes = Array.from({ length: 2_000 }, (_, i) => node(`msg-${String(i).padStart(6, "0")}-same-suffix`));
    for (const n of nodes) index.add(n);
    index.add(node(nodes[5]!.id));
    for (const n of nodes) expect(index.get(n.id)).toBe(n);
    index.remove(nodes[7]!);
    expect(index.get(nodes[7]!.id)).toBeUndefined();
    expect(index.get("msg-999999-same-suffix")).toBeUndefined();
    index.clear();
    index.add(nodes[0]!);
    expect(index.get(nodes[0]!.id)).toBe(nodes[0]);
    expect(index.get(nodes[1]!.id)).toBeUndefined();
  });

  it("agrees with a Map through reserve, missed lookups and adds in any order (the slot a miss found is used only while the table is unchanged)", () => {
    const index = new MessageIndex<{ id: string }>();
    const map = new Map<string, { id: string }>();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 20_000; step++) {
      const id = `m${Math.floor(random() * 3000)}`;
      const roll = random();
      if (roll < 0.02) {
        index.reserve(Math.floor(random() * 500));
      } else if (roll < 0.5) {
        // A lookup that may miss, then (often) an add of that id or of another one.
        expect(index.get(id)).toBe(map.get(id));
        const added = node(random() < 0.7 ? id : `m${Math.floor(random() * 3000)}`);
        index.add(added);
        if (!map.has(added.id)) map.set(added.id, added);
      } else if (roll < 0.55) {
        // A miss, then something else changes the table, then the add of the missed id.
        expect(index.has(id)).toBe(map.has(id));
        const other = node(`m${Math.floor(random() * 3000)}`);
        const change = random();
        if (change < 0.3) index.reserve(200 + Math.floor(random() * 2000));
        else if (change < 0.6) {
          index.add(other);
          if (!map.has(other.id)) map.set(other.id, other);
        } else {
          const held = map.get(other.id);
          if (held !== undefined) {
            index.remove(held);
            map.delete(other.id);
          }
        }
        const added = node(id);
        index.add(added);
        if (!map.has(id)) map.set(id, added);
        expect(index.get(id)).toBe(map.get(id));
      } else if (roll < 0.6) {
        const held = map.get(id);
        if (held !== undefined) {
          index.remove(held);
          map.delete(id);
        }
      } else {
        expect(index.has(id)).toBe(map.has(id));
      }
    }
    for (const [id, n] of map) expect(index.get(id)).toBe(n);
  });

  it("adds a reserved list and finds every node after; a later node with a taken id is not indexed", () => {
    const index = new MessageIndex<{ id: string }>();
    const nodes = Array.from({ length: 1_000 }, (_, i) => node(`m${i}`));
    index.reserve(nodes.length);
    for (const n of nodes) {
      expect(index.has(n.id)).toBe(false);
      index.add(n);
    }
    for (const n of nodes) expect(index.get(n.id)).toBe(n);
    const late = node("m0");
    index.add(late);
    expect(index.get("m0")).toBe(nodes[0]);
  });

  it("a missed lookup on an empty index, then reserve, then the add: found where a lookup looks", () => {
    for (const id of ["a", "m1", "message-0001", crypto.randomUUID()]) {
      const index = new MessageIndex<{ id: string }>();
      expect(index.has(id)).toBe(false);
      index.reserve(1_000);
      const n = node(id);
      index.add(n);
      expect(index.get(id)).toBe(n);
      expect(index.get(`${id}x`)).toBeUndefined();
    }
  });

  it("answers undefined for an id that is not a string, as a Map would", () => {
    const index = new MessageIndex<{ id: string }>();
    index.add(node("1"));
    expect(index.get(1 as unknown as string)).toBeUndefined();
    expect(index.get(undefined as unknown as string)).toBeUndefined();
    expect(index.get(null as unknown as string)).toBeUndefined();
  });

  it("forgets everything on clear, including the node it found last", () => {
    const index = new MessageIndex<{ id: string }>();
    const a = node("a");
    index.add(a);
    expect(index.get("a")).toBe(a);
    index.clear();
    expect(index.get("a")).toBeUndefined();
  });
});
