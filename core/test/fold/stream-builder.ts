// Builds one valid AG-UI stream step by step for the differential test. It tracks what is open,
// closes everything before RUN_FINISHED, keeps each id's subagent tag consistent (verification
// checks ownership), and knows which chunk stream is pending (chunk expansion closes it on the
// next explicit event of its lane). Message, tool, reasoning, step and chunk steps live here; state,
// snapshot and activity steps in stream-builder-state.ts.
import type { Message } from "@ag-ui/core";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Tag = string | undefined;
export type Event = Record<string, unknown>;

/** One abstract step: a kind, and numbers that choose targets and variants. */
export interface Step {
  kind: string;
  a: number;
  b: number;
  c: number;
  value: Json;
  flag: boolean;
}

export const TOOL_ARGS = ['{"city":"Par', 'is","days":', "3", ',"units":["c"', "]}"];
export const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

const PASS_THROUGH = ["RAW", "ACTIVITY_SNAPSHOT", "ACTIVITY_DELTA", "REASONING_ENCRYPTED_VALUE"];
const CLOSES_ALL = ["RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "MESSAGES_SNAPSHOT"];

export class StreamBuilder {
  readonly events: Event[] = [];
  /** Message ids with role and tag, as far as the builder knows (approximate after snapshots). */
  readonly known = new Map<string, { role: Message["role"]; tag: Tag }>();
  readonly toolOwner = new Map<string, string>([["tc-init", "a0"]]);
  readonly toolTag = new Map<string, Tag>([["tc-init", undefined]]);
  readonly openText = new Set<string>();
  readonly openTools = new Map<string, number>(); // id → argument fragments sent
  readonly openReasoning = new Set<string>();
  readonly openSpans = new Set<string>();
  readonly openSteps: { name: string; tag: Tag }[] = [];
  readonly activity = new Map<string, Json>();
  state: Json;
  running = false;
  private run = 0;
  private serial = 0;
  private chunkPending = false;

  constructor(initMessages: readonly Message[], initState: Json) {
    for (const m of initMessages) this.known.set(m.id, { role: m.role, tag: undefined });
    this.state = initState;
  }

  fresh(prefix: string): string {
    return `${prefix}${++this.serial}`;
  }

  tagFor(id: string): Tag {
    return this.known.get(id)?.tag ?? this.toolTag.get(id);
  }

  withTag(event: Event, tag: Tag): Event {
    return tag === undefined ? event : { ...event, subagentRunId: tag };
  }

  meta(s: Step): Event {
    return s.c % 4 === 0 ? { metadata: { k: s.c, tag: `v${s.b % 3}` } } : {};
  }

  emit(event: Event): void {
    // An explicit, untagged, non pass-through event closes the parent lane's pending chunk stream.
    const type = String(event.type);
    if (this.chunkPending && !type.endsWith("_CHUNK")) {
      if (CLOSES_ALL.includes(type) || (!PASS_THROUGH.includes(type) && event.subagentRunId === undefined)) {
        this.chunkPending = false;
      }
    }
    this.events.push(event);
  }

  ensureRun(s: Step): void {
    if (this.running) return;
    this.run++;
    const runId = `run${this.run}`;
    let input: Event = {};
    if (s.flag && this.run > 1) {
      // Input messages seed verification's owners, so a held message carries its own tag.
      const user = [...this.known].find(([, info]) => info.role === "user");
      const messages = [
        ...(user === undefined ? [] : [{ id: user[0], role: "user", content: "edited", ...(user[1].tag === undefined ? {} : { subagentRunId: user[1].tag }) }]),
        { id: this.fresh("in"), role: "user", content: `again ${s.a}` },
      ];
      input = { input: { threadId: "t", runId, tools: [], context: [], messages } };
      for (const m of messages) if (!this.known.has(m.id)) this.known.set(m.id, { role: "user", tag: undefined });
    }
    this.emit({ type: "RUN_STARTED", threadId: "t", runId, ...input });
    this.running = true;
  }

  finish(s: Step): void {
    for (const id of this.openText) this.emit(this.withTag({ type: "TEXT_MESSAGE_END", messageId: id }, this.tagFor(id)));
    for (const id of this.openReasoning) this.emit(this.withTag({ type: "REASONING_MESSAGE_END", messageId: id }, this.tagFor(id)));
    for (const id of this.openSpans) this.emit({ type: "REASONING_END", messageId: id });
    for (const [id, sent] of this.openTools) {
      for (let i = sent; i < TOOL_ARGS.length; i++) {
        this.emit(this.withTag({ type: "TOOL_CALL_ARGS", toolCallId: id, delta: TOOL_ARGS[i] }, this.toolTag.get(id)));
      }
      this.emit(this.withTag({ type: "TOOL_CALL_END", toolCallId: id }, this.toolTag.get(id)));
    }
    for (const st of this.openSteps) this.emit(this.withTag({ type: "STEP_FINISHED", stepName: st.name }, st.tag));
    this.forgetOpen();
    const outcomes: Event[] = [
      {},
      { outcome: { type: "success" } },
      { outcome: { type: "success", pendingToolCallIds: ["tc-x"] }, result: { ok: s.b } },
      { outcome: { type: "interrupt", interrupts: [{ id: `int${this.run}`, reason: "approval", message: "ok?" }] } },
      { outcome: { type: "cancelled" } },
    ];
    this.emit({ type: "RUN_FINISHED", threadId: "t", runId: `run${this.run}`, ...outcomes[s.a % outcomes.length] });
    this.running = false;
  }

  errorRun(s: Step): void {
    this.emit({ type: "RUN_ERROR", message: `boom ${s.a}`, ...(s.flag ? { code: "E_TEST" } : {}) });
    this.forgetOpen();
    this.running = false;
  }

  private forgetOpen(): void {
    this.openText.clear();
    this.openReasoning.clear();
    this.openSpans.clear();
    this.openTools.clear();
    this.openSteps.length = 0;
  }

  // ---- text messages ----

  text(s: Step): void {
    const closed = [...this.known.keys()].filter((id) => !this.openText.has(id) && this.known.get(id)!.role !== "activity");
    const reopen = s.flag ? pick(closed, s.b) : undefined;
    const id = reopen ?? this.fresh("m");
    const tag = reopen !== undefined ? this.known.get(id)!.tag : s.c % 5 === 0 ? "sa1" : undefined;
    const role = pick(["assistant", "assistant", "assistant", "user", "system", "developer", undefined] as const, s.a);
    const name = s.c % 7 === 1 ? { name: "bob" } : {};
    this.emit(this.withTag({ type: "TEXT_MESSAGE_START", messageId: id, ...(role ? { role } : {}), ...name, ...this.meta(s) }, tag));
    if (!this.known.has(id)) this.known.set(id, { role: role ?? "assistant", tag });
    this.openText.add(id);
  }

  content(s: Step): void {
    const id = pick([...this.openText], s.a);
    if (id === undefined) return;
    const delta = ["Hel", "lo ", "", "wörld 🌍", JSON.stringify(s.value).slice(0, 6)][s.b % 5];
    this.emit(this.withTag({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta, ...this.meta(s) }, this.tagFor(id)));
  }

  endText(s: Step): void {
    const id = pick([...this.openText], s.a);
    if (id === undefined) return;
    this.emit(this.withTag({ type: "TEXT_MESSAGE_END", messageId: id, ...this.meta(s) }, this.tagFor(id)));
    this.openText.delete(id);
  }

  // ---- tool calls ----

  tool(s: Step): void {
    const closed = [...this.toolOwner.keys()].filter((id) => !this.openTools.has(id));
    const reopen = s.c % 9 === 0 ? pick(closed, s.b) : undefined;
    if (reopen !== undefined) {
      const name = s.flag ? "renamed" : "lookup";
      this.emit(this.withTag({ type: "TOOL_CALL_START", toolCallId: reopen, toolCallName: name }, this.toolTag.get(reopen)));
      this.openTools.set(reopen, TOOL_ARGS.length);
      return;
    }
    const id = this.fresh("tc");
    const ids = [...this.known.keys()];
    const assistants = ids.filter((k) => this.known.get(k)!.role === "assistant");
    const others = ids.filter((k) => !["assistant", "activity"].includes(this.known.get(k)!.role));
    const mode = s.a % 4;
    const parent = mode === 0 ? undefined : mode === 1 ? pick(assistants, s.b) : mode === 2 ? this.fresh("p") : pick(others, s.b);
    const tag = parent !== undefined ? this.known.get(parent)?.tag : s.c % 5 === 0 ? "sa1" : undefined;
    const parentField = parent !== undefined ? { parentMessageId: parent } : {};
    const name = ["lookup", "search"][s.b % 2];
    this.emit(this.withTag({ type: "TOOL_CALL_START", toolCallId: id, toolCallName: name, ...parentField, ...this.meta(s) }, tag));
    const parentRole = parent === undefined ? undefined : this.known.get(parent)?.role;
    const owner = parent !== undefined && (parentRole === undefined || parentRole === "assistant") ? parent : id;
    if (!this.known.has(owner)) this.known.set(owner, { role: "assistant", tag });
    this.toolOwner.set(id, owner);
    this.toolTag.set(id, tag);
    this.openTools.set(id, 0);
  }

  args(s: Step): void {
    const id = pick([...this.openTools.keys()], s.a);
    if (id === undefined) return;
    const sent = this.openTools.get(id)!;
    const delta = sent < TOOL_ARGS.length ? TOOL_ARGS[sent]! : s.flag ? "" : " ";
    this.emit(this.withTag({ type: "TOOL_CALL_ARGS", toolCallId: id, delta, ...this.meta(s) }, this.toolTag.get(id)));
    this.openTools.set(id, sent + 1);
  }

  endTool(s: Step): void {
    const id = pick([...this.openTools.keys()], s.a);
    if (id === undefined) return;
    this.emit(this.withTag({ type: "TOOL_CALL_END", toolCallId: id, ...this.meta(s) }, this.toolTag.get(id)));
    this.openTools.delete(id);
  }

  result(s: Step): void {
    const callId = s.c % 8 === 0 ? "tc-unknown" : pick([...this.toolOwner.keys()], s.a);
    if (callId === undefined) return;
    const id = this.fresh("res");
    const content = s.flag ? `result ${s.b}` : [{ type: "text", text: `part ${s.b}` }];
    const role = s.b % 3 === 0 ? { role: "tool" } : {};
    this.emit({ type: "TOOL_CALL_RESULT", messageId: id, toolCallId: callId, content, ...role, ...this.meta(s) });
    this.known.set(id, { role: "tool", tag: undefined });
  }

  // ---- reasoning, steps, pass-through ----

  reasoning(s: Step): void {
    const closed = [...this.known.keys()].filter((id) => this.known.get(id)!.role === "reasoning" && !this.openReasoning.has(id));
    const id = (s.flag ? pick(closed, s.b) : undefined) ?? this.fresh("rz");
    this.emit(this.withTag({ type: "REASONING_MESSAGE_START", messageId: id, role: "reasoning", ...this.meta(s) }, this.tagFor(id)));
    if (!this.known.has(id)) this.known.set(id, { role: "reasoning", tag: undefined });
    this.openReasoning.add(id);
  }

  reasoningContent(s: Step): void {
    const id = pick([...this.openReasoning], s.a);
    if (id === undefined) return;
    const delta = ["think", "ing…", ""][s.b % 3];
    this.emit(this.withTag({ type: "REASONING_MESSAGE_CONTENT", messageId: id, delta, ...this.meta(s) }, this.tagFor(id)));
  }

  endReasoning(s: Step): void {
    const id = pick([...this.openReasoning], s.a);
    if (id === undefined) return;
    this.emit(this.withTag({ type: "REASONING_MESSAGE_END", messageId: id, ...this.meta(s) }, this.tagFor(id)));
    this.openReasoning.delete(id);
  }

  span(s: Step): void {
    if (s.flag && this.openSpans.size > 0) {
      const id = pick([...this.openSpans], s.a)!;
      this.emit({ type: "REASONING_END", messageId: id });
      this.openSpans.delete(id);
      return;
    }
    const id = this.fresh("span");
    this.emit({ type: "REASONING_START", messageId: id });
    this.openSpans.add(id);
  }

  encrypted(s: Step): void {
    if (s.flag) {
      const id = pick([...this.toolOwner.keys(), "tc-nope"], s.a)!;
      this.emit(this.withTag({ type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: id, encryptedValue: `enc${s.b}` }, this.toolTag.get(id)));
    } else {
      const id = pick([...this.known.keys(), "m-nope"], s.a)!;
      this.emit(this.withTag({ type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: id, encryptedValue: `enc${s.b}` }, this.tagFor(id)));
    }
  }

  step(s: Step): void {
    const open = pick(this.openSteps, s.a);
    if (open !== undefined && s.flag) {
      this.emit(this.withTag({ type: "STEP_FINISHED", stepName: open.name }, open.tag));
      this.openSteps.splice(this.openSteps.indexOf(open), 1);
      return;
    }
    const name = `step${s.a % 3}`;
    const tag = s.c % 2 === 0 ? "sa1" : undefined;
    if (this.openSteps.some((st) => st.name === name && st.tag === tag)) return;
    this.emit(this.withTag({ type: "STEP_STARTED", stepName: name }, tag));
    this.openSteps.push({ name, tag });
  }

  passThrough(s: Step): void {
    if (s.a % 2 === 0) this.emit({ type: "RAW", event: { provider: s.value }, ...(s.flag ? { source: "openai" } : {}) });
    else this.emit({ type: "CUSTOM", name: s.flag ? "progress" : "tambo.component.start", value: s.value });
  }

  // ---- chunks (untagged: they use the parent lane) ----

  chunks(s: Step): void {
    switch (s.b % 3) {
      case 0: {
        const id = this.fresh("mc");
        this.emit({ type: "TEXT_MESSAGE_CHUNK", messageId: id, ...(s.flag ? {} : { role: "assistant" }), delta: "chunk " });
        for (let i = 0; i < s.a % 3; i++) this.emit({ type: "TEXT_MESSAGE_CHUNK", ...(i % 2 === 0 ? {} : { messageId: id }), delta: `c${i}` });
        this.known.set(id, { role: "assistant", tag: undefined });
        break;
      }
      case 1: {
        const id = this.fresh("tcc");
        const untagged = [...this.known.keys()].filter((k) => this.known.get(k)!.role === "assistant" && this.known.get(k)!.tag === undefined);
        const parent = s.flag ? pick(untagged, s.c) : undefined;
        this.emit({ type: "TOOL_CALL_CHUNK", toolCallId: id, toolCallName: "chunked", ...(parent !== undefined ? { parentMessageId: parent } : {}), delta: '{"x":' });
        this.emit({ type: "TOOL_CALL_CHUNK", delta: `${s.a}}` });
        const owner = parent ?? id;
        if (!this.known.has(owner)) this.known.set(owner, { role: "assistant", tag: undefined });
        this.toolOwner.set(id, owner);
        this.toolTag.set(id, undefined);
        break;
      }
      default: {
        const id = this.fresh("rc");
        this.emit({ type: "REASONING_MESSAGE_CHUNK", messageId: id, delta: "hmm" });
        this.emit({ type: "REASONING_MESSAGE_CHUNK", delta: "…" });
        this.known.set(id, { role: "reasoning", tag: undefined });
      }
    }
    this.chunkPending = true;
  }
}
