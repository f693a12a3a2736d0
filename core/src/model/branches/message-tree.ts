import { DEV } from "esm-env";
import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import type { Message } from "@ag-ui/core";
import type { WarningHandler } from "../../errors.js";
import type { BranchingPlugin, ThreadBranches } from "./branching.js";
import { nodeFromMessage, type MessageNodeImpl } from "../messages/message-nodes.js";
import type { Branches, MessageNode } from "../types.js";

/**
 * What the tree needs of its thread: the active path (the message list) and the one way to
 * rewrite it. ThreadImpl is this; the tree does not import it (it lives inside it).
 */
export interface TreeHost {
  readonly list: ReadonlySignal<readonly MessageNodeImpl[]>;
  /** @internal The path from `position` on becomes `tail`, in one write of the list. */
  replaceTail(position: number, tail: readonly MessageNodeImpl[]): void;
  readonly warn: WarningHandler;
}

/** One fork as stored: where it is, which alternative is active, the others as AG-UI messages. */
export interface ForkRecord {
  /** Index in the active path of the first message of each alternative. */
  readonly position: number;
  /** The message before the fork (`null` at the start of the thread). */
  readonly parentId: string | null;
  readonly active: number;
  /** Every alternative; the active one is `null` (it is the thread's `messages` from `position` on). */
  readonly paths: readonly (readonly Message[] | null)[];
}

/** The tree as stored beside the thread's messages. */
export interface TreeRecord {
  readonly forks: readonly ForkRecord[];
  /** `[messageId, runId]`: the run that ended on that message (a branch's runs name it as `parentRunId`). */
  readonly runEnds: readonly (readonly [string, string])[];
}

/**
 * A fork point. Only the inactive alternatives are held here (as their whole suffix of the
 * path, from `position` to the branch's end, nested forks' active choices included); the active
 * one is the thread's list itself, so streaming into it costs nothing here.
 */
interface Fork {
  readonly position: number;
  readonly parentId: string | undefined;
  active: number;
  readonly paths: (readonly MessageNodeImpl[] | undefined)[];
  /** The last `Branches` handed out, kept while the fork and its active head are unchanged. */
  view: Branches | undefined;
}

const ROOT = null;

/**
 * Keeps every edit and regeneration as a branch the user can switch back to (`thread.branches`,
 * `switchBranch`, stored with the thread): `new ChatClient({ agent, branching: messageBranches() })`
 * or `createThread({ branching: messageBranches() })`. Without it the history is one path.
 */
export function messageBranches(): BranchingPlugin {
  return { open: (host) => new MessageTree(host) };
}

/**
 * The conversation as a tree of messages. The thread's `messages` is the active path — what the
 * agent receives and what is rendered; every other branch sits in a fork as a suffix of nodes.
 * Editing a user message or regenerating an answer forks the path at that message
 * (`branchAt`); `switchTo` swaps one suffix for another: O(path) and one write of the list
 * signal, nothing else. A fork is known by its position and the id of the message before it, so
 * forks nested in an inactive branch lie dormant until that branch is active again.
 *
 * The tree costs nothing per streamed event: it is only read when asked (`branches`) and only
 * written by the user's actions and once per run end (`runEnded`).
 */
export class MessageTree implements ThreadBranches {
  #forks: Fork[] = [];
  readonly #runEnds = new Map<string, string>();
  /** Moves on when forks are made, restored or dropped (a switch moves the list instead). */
  readonly #version = signal(0);
  #heads: ReadonlySignal<ReadonlyMap<string, Fork>> | undefined;
  readonly #single = new WeakMap<MessageNodeImpl, Branches>();

  readonly #host: TreeHost;
  constructor(host: TreeHost) {
    this.#host = host;
  }

  /**
   * Forks of the active path by the id of a message they answer for (made on first read): the
   * message at a fork's position, and, for a regenerated answer (a fork whose head is not a user
   * message), every later message of that answer up to the next user message. An answer may
   * start with whatever its run sent first (reasoning, an activity), so a view that puts the
   * picker under the answer's text finds the fork there too. O(forks on the path + the messages
   * of regenerated answers), once per change of the list.
   */
  #headMap(): ReadonlyMap<string, Fork> {
    this.#heads ??= computed(() => {
      const list = this.#host.list.value;
      this.#version.value;
      const map = new Map<string, Fork>();
      for (const fork of this.#forks) {
        if (!onPath(fork, list) || list[fork.position]!.role === "user") continue;
        for (let i = fork.position + 1; i < list.length && list[i]!.role !== "user"; i++) map.set(list[i]!.id, fork);
      }
      // A fork's own head wins over an answer that spans it.
      for (const fork of this.#forks) {
        if (onPath(fork, list)) map.set(list[fork.position]!.id, fork);
      }
      return map;
    });
    return this.#heads.value;
  }

  /**
   * The alternatives at `messageId` (a message on the active path): `count`, the active `index`,
   * and the first message of each alternative. Any message of a regenerated answer gives that
   * answer's fork (see `#headMap`). A message that never forked has one. Undefined
   * for an id that is not on the active path. Reactive (reads the list signal); the same object
   * comes back until that fork or its active head changes, so a view bound to it stays quiet.
   */
  branches(messageId: string, node: MessageNodeImpl | undefined): Branches | undefined {
    const fork = this.#headMap().get(messageId);
    if (fork !== undefined) return this.#viewOf(fork);
    if (node === undefined) return undefined;
    let view = this.#single.get(node);
    if (view === undefined) {
      view = Object.freeze({ count: 1, index: 0, alternatives: Object.freeze([node as MessageNode]) });
      this.#single.set(node, view);
    }
    return view;
  }

  /** Whether any fork exists (the stored record is then worth writing). */
  get empty(): boolean {
    return this.#forks.length === 0 && this.#runEnds.size === 0;
  }

  /** How many alternatives the whole tree holds beyond the active path (for the thread index). */
  get alternativeCount(): number {
    let count = 0;
    for (const fork of this.#forks) count += fork.paths.length - 1;
    return count;
  }

  /**
   * A new, empty alternative at `position` of the active path, made active: the suffix from
   * there is kept as an alternative (joining the fork already there, if any) and the list is cut
   * to the prefix. Nothing happens when there is nothing at `position` to keep. Returns whether
   * the path forked.
   */
  branchAt(position: number): boolean {
    const list = this.#host.list.peek();
    if (position < 0 || position >= list.length) return false;
    const parentId = position === 0 ? undefined : list[position - 1]!.id;
    const suffix = tailOf(list, position);
    let fork = this.#forks.find((f) => f.position === position && f.parentId === parentId);
    if (fork === undefined) {
      fork = { position, parentId, active: 0, paths: [undefined], view: undefined };
      this.#forks.push(fork);
    }
    fork.paths[fork.active] = suffix;
    fork.paths.push(undefined);
    fork.active = fork.paths.length - 1;
    fork.view = undefined;
    this.#version.value++;
    this.#host.replaceTail(position, []);
    return true;
  }

  /**
   * Makes alternative `index` of the fork at `messageId` active (its head, or any message of a
   * regenerated answer). Returns false (changing nothing) when `messageId` answers for no fork on
   * the active path or `index` is out of range.
   */
  switchTo(messageId: string, index: number): boolean {
    const fork = this.#headMap().get(messageId);
    if (fork === undefined || !Number.isInteger(index) || index < 0 || index >= fork.paths.length) return false;
    if (index === fork.active) return true;
    const list = this.#host.list.peek();
    const chosen = fork.paths[index]!;
    fork.paths[fork.active] = tailOf(list, fork.position);
    fork.paths[index] = undefined;
    fork.active = index;
    fork.view = undefined;
    this.#host.replaceTail(fork.position, chosen);
    return true;
  }

  /** A run ended on the path's last message: runs branching after that message name `runId` as parent. */
  runEnded(runId: string): void {
    const list = this.#host.list.peek();
    const last = list[list.length - 1];
    if (last !== undefined) this.#runEnds.set(last.id, runId);
  }

  /** The run the prefix before `position` ended with: the `parentRunId` of a run branching there. */
  parentRunIdAt(position: number): string | undefined {
    const list = this.#host.list.peek();
    for (let i = Math.min(position, list.length) - 1; i >= 0; i--) {
      const runId = this.#runEnds.get(list[i]!.id);
      if (runId !== undefined) return runId;
    }
    return undefined;
  }

  /** Forgets every branch (a clear, `setMessages`, another thread loaded). */
  reset(): void {
    if (this.empty) return;
    this.#forks = [];
    this.#runEnds.clear();
    this.#version.value++;
  }

  /** The tree as plain JSON, undefined when there is nothing to keep. O(inactive messages). */
  record(): TreeRecord | undefined {
    if (this.empty) return undefined;
    return {
      forks: this.#forks.map((fork) => ({
        position: fork.position,
        parentId: fork.parentId ?? ROOT,
        active: fork.active,
        paths: fork.paths.map((path) => (path === undefined ? null : path.map((node) => node.toMessage()))),
      })),
      runEnds: [...this.#runEnds],
    };
  }

  /**
   * The tree from a stored record (after the active path has been put back). Entries that are
   * not what `record()` writes are skipped with a `STORED_BRANCH_INVALID` warning naming them.
   */
  restore(value: unknown): void {
    this.#forks = [];
    this.#runEnds.clear();
    if (value !== undefined && value !== null) {
      const record = value as Partial<TreeRecord>;
      const forks = Array.isArray(record.forks) ? record.forks : [];
      if (!Array.isArray(record.forks)) this.#skip(DEV ? "branches.forks is not an array" : "", record.forks);
      forks.forEach((entry, i) => {
        const fork = toFork(entry);
        if (typeof fork === "string") this.#skip(DEV ? `branches.forks[${i}]: ${fork}` : "", entry);
        else this.#forks.push(fork);
      });
      const runEnds = Array.isArray(record.runEnds) ? record.runEnds : [];
      for (const pair of runEnds) {
        if (Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") this.#runEnds.set(pair[0], pair[1]);
      }
    }
    this.#version.value++;
  }

  #viewOf(fork: Fork): Branches {
    const head = this.#host.list.peek()[fork.position]!;
    if (fork.view !== undefined && fork.view.alternatives[fork.active] === head) return fork.view;
    const alternatives = fork.paths.map((path) => (path === undefined ? head : path[0]!) as MessageNode);
    fork.view = Object.freeze({ count: alternatives.length, index: fork.active, alternatives: Object.freeze(alternatives) });
    return fork.view;
  }

  /** `event` is the stored entry skipped, so a production build (no sentence) still shows it. */
  #skip(what: string, event: unknown): void {
    this.#host.warn({ code: "STORED_BRANCH_INVALID", message: DEV ? `The stored thread's ${what}; that part of the conversation tree was dropped.` : "", event });
  }
}

/** `list.slice(from)` by index: slicing a frozen array is several times slower in V8. */
function tailOf(list: readonly MessageNodeImpl[], from: number): MessageNodeImpl[] {
  const tail = new Array<MessageNodeImpl>(list.length - from);
  for (let i = from; i < list.length; i++) tail[i - from] = list[i]!;
  return tail;
}

function onPath(fork: Fork, list: readonly MessageNodeImpl[]): boolean {
  if (fork.position >= list.length) return false;
  return fork.position === 0 ? fork.parentId === undefined : list[fork.position - 1]!.id === fork.parentId;
}

/** A stored fork as a live one, or what is wrong with it (in a production build, the field's name alone). */
function toFork(entry: unknown): Fork | string {
  if (typeof entry !== "object" || entry === null) return DEV ? "not an object" : "entry";
  const { position, parentId, active, paths } = entry as Partial<ForkRecord>;
  if (typeof position !== "number" || !Number.isInteger(position) || position < 0) return DEV ? "position is not a non-negative integer" : "position";
  if (parentId !== null && typeof parentId !== "string") return DEV ? "parentId is neither a string nor null" : "parentId";
  if ((parentId === null) !== (position === 0)) return DEV ? "parentId must be null exactly at position 0" : "parentId";
  if (!Array.isArray(paths) || paths.length < 2) return DEV ? "paths is not an array of two or more alternatives" : "paths";
  if (typeof active !== "number" || !Number.isInteger(active) || active < 0 || active >= paths.length) return DEV ? "active is not an index into paths" : "active";
  const live: (readonly MessageNodeImpl[] | undefined)[] = [];
  for (let i = 0; i < paths.length; i++) {
    const path: unknown = paths[i];
    if (i === active) {
      if (path !== null) return DEV ? `paths[${i}] is the active alternative and must be null` : `paths[${i}]`;
      live.push(undefined);
      continue;
    }
    if (!Array.isArray(path) || path.length === 0) return DEV ? `paths[${i}] is not a non-empty array of messages` : `paths[${i}]`;
    const bad = path.findIndex((m: unknown) => typeof m !== "object" || m === null || typeof (m as Message).id !== "string" || typeof (m as Message).role !== "string");
    if (bad !== -1) return DEV ? `paths[${i}][${bad}] has no string id and role` : `paths[${i}][${bad}]`;
    live.push((path as Message[]).map((message) => nodeFromMessage(message)));
  }
  return { position, parentId: parentId ?? undefined, active, paths: live, view: undefined };
}
