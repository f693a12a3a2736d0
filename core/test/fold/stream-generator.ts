// Valid AG-UI streams for the differential test. fast-check generates a list of abstract steps
// (a kind and a few numbers); `interpret` turns them into a stream that verifies: it tracks what
// is open, closes it before RUN_FINISHED, keeps each id's subagent tag consistent, and tracks the
// state so most patches apply (a few are meant to fail). Which message or call a step targets is
// chosen by the numbers, so shrinking keeps streams valid.
import fc from "fast-check";
import jsonpatch from "fast-json-patch";
import type { Message } from "@ag-ui/core";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Tag = string | undefined;

const KINDS = [
  "text", "text", "content", "content", "content", "endText", "tool", "tool", "args", "args", "endTool",
  "result", "stateSnapshot", "stateDelta", "stateDelta", "messagesSnapshot", "activity", "activityDelta",
  "reasoning", "reasoningContent", "endReasoning", "span", "endSpan", "encrypted", "step", "endStep",
  "raw", "custom", "textChunks", "toolChunks", "reasoningChunks", "finishRun", "errorRun",
] as const;
type Kind = (typeof KINDS)[number];

export interface Step {
  kind: Kind;
  a: number;
  b: number;
  c: number;
  value: Json;
  flag: boolean;
}

const key = fc.constantFrom("a", "b", "c", "d");
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -9, max: 99 }), fc.string({ maxLength: 4 })),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 3 }),
  ),
})).v;
const object = fc.dictionary(key, json, { maxKeys: 3 });

const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom(...KINDS),
  a: fc.nat(99),
  b: fc.nat(99),
  c: fc.nat(99),
  value: json,
  flag: fc.boolean(),
});

export interface GeneratedStream {
  init: { messages: Message[]; state: Json };
  events: Record<string, unknown>[];
}

const initMessages: fc.Arbitrary<Message[]> = fc
  .tuple(fc.boolean(), fc.boolean(), fc.string({ maxLength: 5 }))
  .map(([withTool, withResult, text]) => {
    const out: Message[] = [{ id: "u0", role: "user", content: text }];
    if (withTool) {
      out.push({
        id: "a0",
        role: "assistant",
        content: "let me check",
        toolCalls: [{ id: "tc-init", type: "function", function: { name: "lookup", arguments: '{"q":1}' } }],
      });
      if (withResult) out.push({ id: "r0", role: "tool", toolCallId: "tc-init", content: "42" });
    }
    return out;
  });

export const streamArbitrary: fc.Arbitrary<GeneratedStream> = fc
  .tuple(initMessages, object, fc.array(step, { minLength: 4, maxLength: 40, size: "medium" }))
  .map(([messages, state, steps]) => ({ init: { messages, state }, events: interpret(messages, state, steps) }));

const TOOL_ARGS = ['{"city":"Par', 'is","days":', "3", ',"units":["c"', "]}"];
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

export function interpret(initMessages: Message[], initState: Json, steps: readonly Step[]): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  let serial = 0;
  const fresh = (prefix: string) => `${prefix}${++serial}`;
  let run = 0;
  let running = false;
  // Message ids with their role and tag, as far as this interpreter knows (approximate after snapshots).
  const known = new Map<string, { role: Message["role"]; tag: Tag }>();
  for (const m of initMessages) known.set(m.id, { role: m.role, tag: undefined });
  const toolOwner = new Map<string, string>([["tc-init", "a0"]]);
  const toolTag = new Map<string, Tag>([["tc-init", undefined]]);
  const openText = new Set<string>();
  const openTools = new Map<string, number>(); // id → args fragments sent
  const openReasoning = new Set<string>();
  const openSpans = new Set<string>();
  const openSteps: { name: string; tag: Tag }[] = [];
  const activity = new Map<string, Json>();
  let state: Json = initState;
  let chunkPending: (() => void) | undefined;

  const tagFor = (id: string): Tag => known.get(id)?.tag ?? (toolTag.has(id) ? toolTag.get(id) : undefined);
  const withTag = (e: Record<string, unknown>, tag: Tag) => (tag === undefined ? e : { ...e, subagentRunId: tag });
  const meta = (s: Step) => (s.c % 4 === 0 ? { metadata: { k: s.c, tag: `v${s.b % 3}` } } : {});

  function emit(event: Record<string, unknown>): void {
    // An explicit (non pass-through) untagged event closes the parent lane's chunk stream.
    const passThrough = ["RAW", "ACTIVITY_SNAPSHOT", "ACTIVITY_DELTA", "REASONING_ENCRYPTED_VALUE"];
    const closesAll = ["RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "MESSAGES_SNAPSHOT"];
    if (chunkPending !== undefined && !String(event.type).endsWith("_CHUNK")) {
      if (closesAll.includes(event.type as string) || (!passThrough.includes(event.type as string) && event.subagentRunId === undefined)) {
        chunkPending();
        chunkPending = undefined;
      }
    }
    events.push(event);
  }

  function ensureRun(s: Step): void {
    if (running) return;
    run++;
    const input =
      s.flag && run > 1
        ? {
            input: {
              threadId: "t",
              runId: `run${run}`,
              tools: [],
              context: [],
              messages: [
                ...[...known.keys()].filter((id) => known.get(id)!.role === "user").slice(0, 1).map((id) => ({ id, role: "user", content: "edited" })),
                { id: fresh("in"), role: "user", content: `again ${s.a}` },
              ],
            },
          }
        : {};
    emit({ type: "RUN_STARTED", threadId: "t", runId: `run${run}`, ...input });
    for (const m of (input.input?.messages ?? [])) if (!known.has(m.id)) known.set(m.id, { role: "user", tag: undefined });
    running = true;
  }

  function closeAll(): void {
    for (const id of openText) emit(withTag({ type: "TEXT_MESSAGE_END", messageId: id }, tagFor(id)));
    for (const id of openReasoning) emit(withTag({ type: "REASONING_MESSAGE_END", messageId: id }, tagFor(id)));
    for (const id of openSpans) emit({ type: "REASONING_END", messageId: id });
    for (const [id, sent] of openTools) {
      for (let i = sent; i < TOOL_ARGS.length; i++) emit(withTag({ type: "TOOL_CALL_ARGS", toolCallId: id, delta: TOOL_ARGS[i] }, toolTag.get(id)));
      emit(withTag({ type: "TOOL_CALL_END", toolCallId: id }, toolTag.get(id)));
    }
    for (const st of openSteps) emit(withTag({ type: "STEP_FINISHED", stepName: st.name }, st.tag));
    openText.clear();
    openReasoning.clear();
    openSpans.clear();
    openTools.clear();
    openSteps.length = 0;
  }

  function forgetOpen(): void {
    openText.clear();
    openReasoning.clear();
    openSpans.clear();
    openTools.clear();
    openSteps.length = 0;
  }

  function finish(s: Step): void {
    closeAll();
    const outcomes = [
      {},
      { outcome: { type: "success" } },
      { outcome: { type: "success", pendingToolCallIds: ["tc-x"] }, result: { ok: s.b } },
      { outcome: { type: "interrupt", interrupts: [{ id: `int${run}`, reason: "approval", message: "ok?" }] } },
      { outcome: { type: "cancelled" } },
    ];
    emit({ type: "RUN_FINISHED", threadId: "t", runId: `run${run}`, ...outcomes[s.a % outcomes.length] });
    running = false;
  }

  function patchFor(doc: Json, s: Step): Record<string, unknown>[] {
    const pointers = ["", ...listPointers(doc)];
    const p = pick(pointers, s.a)!;
    const ops: Record<string, unknown>[] = [];
    switch (s.b % 6) {
      case 0: ops.push({ op: "add", path: `${p === "" ? "" : p}/${["a", "b", "n", "-"][s.c % 4]}`, value: s.value }); break;
      case 1: if (p !== "") ops.push({ op: "replace", path: p, value: s.value }); break;
      case 2: if (p !== "") ops.push({ op: "remove", path: p }); break;
      case 3: ops.push({ op: "test", path: p, value: s.value }, { op: "add", path: "/t", value: 1 }); break;
      case 4: if (p !== "") ops.push({ op: "copy", from: p, path: "/copied" }); break;
      default: ops.push({ op: "replace", path: "/missing/deep", value: 1 }); // fails: warned, kept
    }
    if (ops.length === 0) ops.push({ op: "add", path: "/n", value: s.c });
    return ops;
  }

  function tryPatch(doc: Json, ops: Record<string, unknown>[]): Json {
    if (doc === null || typeof doc !== "object") return doc;
    try {
      return jsonpatch.applyPatch(structuredClone(doc), structuredClone(ops) as never, true, false).newDocument as Json;
    } catch {
      return doc;
    }
  }

  for (const s of steps) {
    ensureRun(s);
    const textTargets = [...openText];
    switch (s.kind) {
      case "text": {
        const reopen = s.flag ? pick([...known.keys()].filter((id) => !openText.has(id) && known.get(id)!.role !== "activity"), s.b) : undefined;
        const id = reopen ?? fresh("m");
        const tag = reopen !== undefined ? known.get(id)!.tag : s.c % 5 === 0 ? "sa1" : undefined;
        const role = pick(["assistant", "assistant", "assistant", "user", "system", "developer", undefined] as const, s.a);
        emit(withTag({ type: "TEXT_MESSAGE_START", messageId: id, ...(role ? { role } : {}), ...(s.c % 7 === 1 ? { name: "bob" } : {}), ...meta(s) }, tag));
        if (!known.has(id)) known.set(id, { role: role ?? "assistant", tag });
        openText.add(id);
        break;
      }
      case "content": {
        const id = pick(textTargets, s.a);
        if (id === undefined) break;
        emit(withTag({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: ["Hel", "lo ", "", "wörld 🌍", JSON.stringify(s.value).slice(0, 6)][s.b % 5], ...meta(s) }, tagFor(id)));
        break;
      }
      case "endText": {
        const id = pick(textTargets, s.a);
        if (id === undefined) break;
        emit(withTag({ type: "TEXT_MESSAGE_END", messageId: id, ...meta(s) }, tagFor(id)));
        openText.delete(id);
        break;
      }
      case "tool": {
        const closed = [...toolOwner.keys()].filter((id) => !openTools.has(id));
        const reopen = s.c % 9 === 0 ? pick(closed, s.b) : undefined;
        if (reopen !== undefined) {
          emit(withTag({ type: "TOOL_CALL_START", toolCallId: reopen, toolCallName: s.flag ? "renamed" : "lookup" }, toolTag.get(reopen)));
          openTools.set(reopen, TOOL_ARGS.length);
          break;
        }
        const id = fresh("tc");
        const assistants = [...known.keys()].filter((k) => known.get(k)!.role === "assistant");
        const others = [...known.keys()].filter((k) => !["assistant", "activity"].includes(known.get(k)!.role));
        const mode = s.a % 4;
        const parent = mode === 0 ? undefined : mode === 1 ? pick(assistants, s.b) : mode === 2 ? fresh("p") : pick(others, s.b);
        const tag = parent !== undefined ? known.get(parent)?.tag : s.c % 5 === 0 ? "sa1" : undefined;
        emit(withTag({ type: "TOOL_CALL_START", toolCallId: id, toolCallName: ["lookup", "search"][s.b % 2], ...(parent !== undefined ? { parentMessageId: parent } : {}), ...meta(s) }, tag));
        const parentRole = parent === undefined ? undefined : known.get(parent)?.role;
        const owner = parent !== undefined && (parentRole === undefined || parentRole === "assistant") ? parent : id;
        if (!known.has(owner)) known.set(owner, { role: "assistant", tag });
        toolOwner.set(id, owner);
        toolTag.set(id, tag);
        openTools.set(id, 0);
        break;
      }
      case "args": {
        const id = pick([...openTools.keys()], s.a);
        if (id === undefined) break;
        const sent = openTools.get(id)!;
        const delta = sent < TOOL_ARGS.length ? TOOL_ARGS[sent]! : s.flag ? "" : " ";
        emit(withTag({ type: "TOOL_CALL_ARGS", toolCallId: id, delta, ...meta(s) }, toolTag.get(id)));
        openTools.set(id, sent + 1);
        break;
      }
      case "endTool": {
        const id = pick([...openTools.keys()], s.a);
        if (id === undefined) break;
        emit(withTag({ type: "TOOL_CALL_END", toolCallId: id, ...meta(s) }, toolTag.get(id)));
        openTools.delete(id);
        break;
      }
      case "result": {
        const callId = s.c % 8 === 0 ? "tc-unknown" : pick([...toolOwner.keys()], s.a);
        if (callId === undefined) break;
        const id = fresh("res");
        const content = s.flag ? `result ${s.b}` : [{ type: "text", text: `part ${s.b}` }];
        emit({ type: "TOOL_CALL_RESULT", messageId: id, toolCallId: callId, content, ...(s.b % 3 === 0 ? { role: "tool" } : {}), ...meta(s) });
        known.set(id, { role: "tool", tag: undefined });
        break;
      }
      case "stateSnapshot": {
        state = s.flag ? { ...(s.value !== null && typeof s.value === "object" && !Array.isArray(s.value) ? s.value : {}), n: s.a } : s.value;
        emit({ type: "STATE_SNAPSHOT", snapshot: state });
        break;
      }
      case "stateDelta": {
        const ops = patchFor(state, s);
        emit({ type: "STATE_DELTA", delta: ops });
        state = tryPatch(state, ops);
        break;
      }
      case "messagesSnapshot": {
        const messages: Record<string, unknown>[] = [];
        for (const [id, info] of known) {
          if ((s.a + id.length + messages.length) % 3 === 0) continue; // omitted: dropped unless client-only
          const m = snapshotMessage(id, info.role, info.tag, s, toolOwner);
          if (m !== undefined) messages.push(m);
        }
        if (s.flag) messages.push({ id: fresh("snap"), role: "assistant", content: `new ${s.b}` });
        if (s.c % 3 === 0) messages.push({ id: fresh("rz"), role: "reasoning", content: "thought" });
        emit({ type: "MESSAGES_SNAPSHOT", messages, ...(s.c % 5 === 0 ? { metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["plan"] } } } : {}) });
        const keep = new Set(messages.map((m) => m.id as string));
        const hasReasoning = messages.some((m) => m.role === "reasoning");
        for (const [id, info] of [...known]) {
          if (keep.has(id) || info.role === "activity" || (info.role === "reasoning" && !hasReasoning)) continue;
          known.delete(id);
        }
        for (const m of messages) if (!known.has(m.id as string)) known.set(m.id as string, { role: m.role as Message["role"], tag: m.subagentRunId as Tag });
        break;
      }
      case "activity": {
        const existing = [...activity.keys()];
        const textIds = [...known.keys()].filter((id) => known.get(id)!.role === "user" && !openText.has(id));
        const id = s.b % 5 === 0 ? (pick(textIds, s.a) ?? fresh("act")) : s.b % 2 === 0 ? (pick(existing, s.a) ?? fresh("act")) : fresh("act");
        const replace = s.c % 3 === 0 ? { replace: false } : s.c % 3 === 1 ? { replace: true } : {};
        const content = { steps: [`s${s.a}`], value: s.value };
        emit({ type: "ACTIVITY_SNAPSHOT", messageId: id, activityType: s.flag ? "plan" : "search", content, ...replace, ...meta(s) });
        const isActivity = activity.has(id);
        if (!known.has(id) || (replace.replace !== false && !isActivity)) {
          activity.set(id, content as Json);
          known.set(id, { role: "activity", tag: undefined });
        } else if (isActivity && replace.replace !== false) {
          activity.set(id, content as Json);
        }
        break;
      }
      case "activityDelta": {
        const id = s.b % 7 === 0 ? "act-missing" : pick([...activity.keys()], s.a);
        if (id === undefined) break;
        const doc = activity.get(id) ?? {};
        const ops = patchFor(doc, s);
        emit({ type: "ACTIVITY_DELTA", messageId: id, activityType: "plan", patch: ops, ...meta(s) });
        if (activity.has(id)) activity.set(id, tryPatch(doc, ops));
        break;
      }
      case "reasoning": {
        const closedReasoning = [...known.keys()].filter((id) => known.get(id)!.role === "reasoning" && !openReasoning.has(id));
        const id = (s.flag ? pick(closedReasoning, s.b) : undefined) ?? fresh("rz");
        emit(withTag({ type: "REASONING_MESSAGE_START", messageId: id, role: "reasoning", ...meta(s) }, tagFor(id)));
        if (!known.has(id)) known.set(id, { role: "reasoning", tag: undefined });
        openReasoning.add(id);
        break;
      }
      case "reasoningContent": {
        const id = pick([...openReasoning], s.a);
        if (id === undefined) break;
        emit(withTag({ type: "REASONING_MESSAGE_CONTENT", messageId: id, delta: ["think", "ing…", ""][s.b % 3], ...meta(s) }, tagFor(id)));
        break;
      }
      case "endReasoning": {
        const id = pick([...openReasoning], s.a);
        if (id === undefined) break;
        emit(withTag({ type: "REASONING_MESSAGE_END", messageId: id, ...meta(s) }, tagFor(id)));
        openReasoning.delete(id);
        break;
      }
      case "span": {
        const id = fresh("span");
        emit({ type: "REASONING_START", messageId: id });
        openSpans.add(id);
        break;
      }
      case "endSpan": {
        const id = pick([...openSpans], s.a);
        if (id === undefined) break;
        emit({ type: "REASONING_END", messageId: id });
        openSpans.delete(id);
        break;
      }
      case "encrypted": {
        if (s.flag) {
          const id = pick([...toolOwner.keys(), "tc-nope"], s.a)!;
          emit(withTag({ type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: id, encryptedValue: `enc${s.b}` }, toolTag.get(id)));
        } else {
          const id = pick([...known.keys(), "m-nope"], s.a)!;
          emit(withTag({ type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: id, encryptedValue: `enc${s.b}` }, tagFor(id)));
        }
        break;
      }
      case "step": {
        const name = `step${s.a % 3}`;
        const tag = s.flag ? "sa1" : undefined;
        if (openSteps.some((st) => st.name === name && st.tag === tag)) break;
        emit(withTag({ type: "STEP_STARTED", stepName: name }, tag));
        openSteps.push({ name, tag });
        break;
      }
      case "endStep": {
        const st = pick(openSteps, s.a);
        if (st === undefined) break;
        emit(withTag({ type: "STEP_FINISHED", stepName: st.name }, st.tag));
        openSteps.splice(openSteps.indexOf(st), 1);
        break;
      }
      case "raw":
        emit({ type: "RAW", event: { provider: s.value }, ...(s.flag ? { source: "openai" } : {}) });
        break;
      case "custom":
        emit({ type: "CUSTOM", name: s.flag ? "progress" : "tambo.component.start", value: s.value });
        break;
      case "textChunks": {
        const id = fresh("mc");
        const role = s.flag ? {} : { role: "assistant" };
        emit({ type: "TEXT_MESSAGE_CHUNK", messageId: id, ...role, delta: "chunk " });
        for (let i = 0; i < s.a % 3; i++) emit({ type: "TEXT_MESSAGE_CHUNK", ...(i % 2 === 0 ? {} : { messageId: id }), delta: `c${i}` });
        chunkPending = () => known.set(id, { role: "assistant", tag: undefined });
        known.set(id, { role: "assistant", tag: undefined });
        break;
      }
      case "toolChunks": {
        const id = fresh("tcc");
        const parent = pick([...known.keys()].filter((k) => known.get(k)!.role === "assistant" && known.get(k)!.tag === undefined), s.b);
        emit({ type: "TOOL_CALL_CHUNK", toolCallId: id, toolCallName: "chunked", ...(parent !== undefined && s.flag ? { parentMessageId: parent } : {}), delta: '{"x":' });
        emit({ type: "TOOL_CALL_CHUNK", delta: `${s.a}}` });
        const owner = parent !== undefined && s.flag ? parent : id;
        if (!known.has(owner)) known.set(owner, { role: "assistant", tag: undefined });
        toolOwner.set(id, owner);
        toolTag.set(id, undefined);
        chunkPending = () => undefined;
        break;
      }
      case "reasoningChunks": {
        const id = fresh("rc");
        emit({ type: "REASONING_MESSAGE_CHUNK", messageId: id, delta: "hmm" });
        emit({ type: "REASONING_MESSAGE_CHUNK", delta: "…" });
        known.set(id, { role: "reasoning", tag: undefined });
        chunkPending = () => undefined;
        break;
      }
      case "finishRun":
        finish(s);
        break;
      case "errorRun":
        emit({ type: "RUN_ERROR", message: `boom ${s.a}`, ...(s.flag ? { code: "E_TEST" } : {}) });
        forgetOpen();
        running = false;
        break;
    }
  }
  if (running) finish(steps[steps.length - 1]!);
  return events;
}

function snapshotMessage(
  id: string,
  role: Message["role"],
  tag: Tag,
  s: Step,
  toolOwner: Map<string, string>,
): Record<string, unknown> | undefined {
  const base = { id, ...(tag === undefined ? {} : { subagentRunId: tag }) };
  switch (role) {
    case "assistant": {
      const calls = [...toolOwner].filter(([, owner]) => owner === id).map(([callId]) => callId);
      return {
        ...base,
        role,
        content: s.flag ? `revised ${s.b}` : "same",
        ...(calls.length > 0 ? { toolCalls: calls.map((callId) => ({ id: callId, type: "function", function: { name: "lookup", arguments: '{"a":1}' } })) } : {}),
      };
    }
    case "tool":
      return undefined; // a tool message needs its call id; omit (dropped by the snapshot)
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
