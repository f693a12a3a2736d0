// Valid AG-UI streams for the differential test. fast-check generates a list of abstract steps (a
// kind and a few numbers); a StreamBuilder turns them into a stream that verifies. Which message
// or call a step targets is chosen by the numbers, so shrinking keeps streams valid.
import fc from "fast-check";
import type { Message } from "@ag-ui/core";
import { StreamBuilder, type Event, type Json, type Step } from "./stream-builder.js";
import { activityDelta, activitySnapshot, messagesSnapshot, stateDelta, stateSnapshot } from "./stream-builder-state.js";

/** Step kinds, weighted by repetition. */
const STEPS: Readonly<Record<string, (b: StreamBuilder, s: Step) => void>> = {
  text: (b, s) => b.text(s),
  content: (b, s) => b.content(s),
  endText: (b, s) => b.endText(s),
  tool: (b, s) => b.tool(s),
  args: (b, s) => b.args(s),
  endTool: (b, s) => b.endTool(s),
  result: (b, s) => b.result(s),
  reasoning: (b, s) => b.reasoning(s),
  reasoningContent: (b, s) => b.reasoningContent(s),
  endReasoning: (b, s) => b.endReasoning(s),
  span: (b, s) => b.span(s),
  encrypted: (b, s) => b.encrypted(s),
  step: (b, s) => b.step(s),
  passThrough: (b, s) => b.passThrough(s),
  chunks: (b, s) => b.chunks(s),
  stateSnapshot,
  stateDelta,
  messagesSnapshot,
  activity: activitySnapshot,
  activityDelta,
  finishRun: (b, s) => b.finish(s),
  errorRun: (b, s) => b.errorRun(s),
};
const KINDS = [
  ...Object.keys(STEPS),
  ...["text", "content", "content", "tool", "args", "args", "stateDelta", "chunks", "passThrough"],
];

const key = fc.constantFrom("a", "b", "c", "d");
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -9, max: 99 }), fc.string({ maxLength: 4 })),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 3 }),
  ),
})).v;

const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom(...KINDS),
  a: fc.nat(99),
  b: fc.nat(99),
  c: fc.nat(99),
  value: json,
  flag: fc.boolean(),
});

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

export interface GeneratedStream {
  init: { messages: Message[]; state: Json };
  events: Event[];
}

export const streamArbitrary: fc.Arbitrary<GeneratedStream> = fc
  .tuple(initMessages, fc.dictionary(key, json, { maxKeys: 3 }), fc.array(step, { minLength: 4, maxLength: 40, size: "medium" }))
  .map(([messages, state, steps]) => ({ init: { messages, state }, events: interpret(messages, state, steps) }));

export function interpret(initMessages: Message[], initState: Json, steps: readonly Step[]): Event[] {
  const builder = new StreamBuilder(initMessages, initState);
  for (const s of steps) {
    builder.ensureRun(s);
    STEPS[s.kind]!(builder, s);
  }
  if (builder.running) builder.finish(steps[steps.length - 1]!);
  return builder.events;
}
