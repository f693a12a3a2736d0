// State, MESSAGES_SNAPSHOT and activity steps of the generated streams. Patches are built against
// the state as the builder tracks it, so most apply; some are meant to fail (warned and skipped).
import jsonpatch from "fast-json-patch";
import type { Message } from "@ag-ui/core";
import { pick, type Event, type Json, type Step, type StreamBuilder, type Tag } from "./stream-builder.js";

export function stateSnapshot(b: StreamBuilder, s: Step): void {
  const base = s.value !== null && typeof s.value === "object" && !Array.isArray(s.value) ? s.value : {};
  b.state = s.flag ? { ...base, n: s.a } : s.value;
  b.emit({ type: "STATE_SNAPSHOT", snapshot: b.state });
}

export function stateDelta(b: StreamBuilder, s: Step): void {
  const ops = patchFor(b.state, s);
  b.emit({ type: "STATE_DELTA", delta: ops });
  b.state = tryPatch(b.state, ops);
}

export function messagesSnapshot(b: StreamBuilder, s: Step): void {
  const messages: Event[] = [];
  for (const [id, info] of b.known) {
    if ((s.a + id.length + messages.length) % 3 === 0) continue; // omitted: dropped unless client-only
    const m = snapshotMessage(b, id, info.role, info.tag, s);
    if (m !== undefined) messages.push(m);
  }
  if (s.flag) messages.push({ id: b.fresh("snap"), role: "assistant", content: `new ${s.b}` });
  if (s.c % 3 === 0) messages.push({ id: b.fresh("rz"), role: "reasoning", content: "thought" });
  const scope = s.c % 5 === 0 ? { metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["plan"] } } } : {};
  b.emit({ type: "MESSAGES_SNAPSHOT", messages, ...scope });
  const keep = new Set(messages.map((m) => m.id as string));
  const hasReasoning = messages.some((m) => m.role === "reasoning");
  for (const [id, info] of [...b.known]) {
    if (keep.has(id) || info.role === "activity" || (info.role === "reasoning" && !hasReasoning)) continue;
    b.known.delete(id);
  }
  for (const m of messages) {
    if (!b.known.has(m.id as string)) b.known.set(m.id as string, { role: m.role as Message["role"], tag: m.subagentRunId as Tag });
  }
}

export function activitySnapshot(b: StreamBuilder, s: Step): void {
  const users = [...b.known.keys()].filter((id) => b.known.get(id)!.role === "user" && !b.openText.has(id));
  const id =
    s.b % 5 === 0
      ? (pick(users, s.a) ?? b.fresh("act")) // replaces a user message (role change) unless replace:false
      : s.b % 2 === 0
        ? (pick([...b.activity.keys()], s.a) ?? b.fresh("act"))
        : b.fresh("act");
  const replace = s.c % 3 === 0 ? { replace: false } : s.c % 3 === 1 ? { replace: true } : {};
  const content = { steps: [`s${s.a}`], value: s.value };
  b.emit({ type: "ACTIVITY_SNAPSHOT", messageId: id, activityType: s.flag ? "plan" : "search", content, ...replace, ...b.meta(s) });
  if (replace.replace === false && b.known.has(id)) return;
  b.activity.set(id, content as Json);
  b.known.set(id, { role: "activity", tag: undefined });
}

export function activityDelta(b: StreamBuilder, s: Step): void {
  const id = s.b % 7 === 0 ? "act-missing" : pick([...b.activity.keys()], s.a);
  if (id === undefined) return;
  const doc = b.activity.get(id) ?? {};
  const ops = patchFor(doc, s);
  b.emit({ type: "ACTIVITY_DELTA", messageId: id, activityType: "plan", patch: ops, ...b.meta(s) });
  if (b.activity.has(id)) b.activity.set(id, tryPatch(doc, ops));
}

function patchFor(doc: Json, s: Step): Event[] {
  const p = pick(["", ...listPointers(doc)], s.a)!;
  const ops: Event[] = [];
  switch (s.b % 6) {
    case 0:
      ops.push({ op: "add", path: `${p}/${["a", "b", "n", "-"][s.c % 4]}`, value: s.value });
      break;
    case 1:
      if (p !== "") ops.push({ op: "replace", path: p, value: s.value });
      break;
    case 2:
      if (p !== "") ops.push({ op: "remove", path: p });
      break;
    case 3:
      ops.push({ op: "test", path: p, value: s.value }, { op: "add", path: "/t", value: 1 });
      break;
    case 4:
      if (p !== "") ops.push({ op: s.flag ? "copy" : "move", from: p, path: "/copied" });
      break;
    default:
      ops.push({ op: "replace", path: "/missing/deep", value: 1 }); // fails: warned, kept
  }
  if (ops.length === 0) ops.push({ op: "add", path: "/n", value: s.c });
  return ops;
}

function tryPatch(doc: Json, ops: Event[]): Json {
  if (doc === null || typeof doc !== "object") return doc;
  try {
    return jsonpatch.applyPatch(structuredClone(doc), structuredClone(ops) as never, true, false).newDocument as Json;
  } catch {
    return doc;
  }
}

function snapshotMessage(b: StreamBuilder, id: string, role: Message["role"], tag: Tag, s: Step): Event | undefined {
  const base = { id, ...(tag === undefined ? {} : { subagentRunId: tag }) };
  switch (role) {
    case "assistant": {
      const calls = [...b.toolOwner].filter(([, owner]) => owner === id).map(([callId]) => callId);
      const toolCalls = calls.map((callId) => ({ id: callId, type: "function", function: { name: "lookup", arguments: '{"a":1}' } }));
      return { ...base, role, content: s.flag ? `revised ${s.b}` : "same", ...(calls.length > 0 ? { toolCalls } : {}) };
    }
    case "tool":
      return undefined; // omitted, so dropped by the snapshot
    case "activity":
      return s.c % 2 === 0 ? { ...base, role, activityType: "plan", content: { from: "snapshot" } } : undefined;
    case "reasoning":
      return { ...base, role, content: "reasoned" };
    default:
      return { ...base, role, content: s.flag ? "edited" : "same" };
  }
}

function listPointers(value: Json, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  const keys = Array.isArray(value) ? value.map((_, i) => String(i)) : Object.keys(value);
  for (const k of keys) {
    const p = `${prefix}/${k}`;
    out.push(p, ...listPointers((value as Record<string, Json>)[k]!, p));
  }
  return out;
}
