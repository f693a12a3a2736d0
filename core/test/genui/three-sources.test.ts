import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { createComponentRegistry, createThread, type ComponentNode, type Thread, generativeUi } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { cEnd, cProps, cStart, set } from "./helpers.js";

/** Every component in the thread, in display order, from one model: parts and activity messages. */
function renderables(thread: Thread): ComponentNode[] {
  const out: ComponentNode[] = [];
  for (const message of thread.messages.value) {
    if (message.role === "activity") out.push(message.component);
    else if (message.role === "assistant") {
      for (const part of message.parts.value) if (part.type === "component") out.push(part.component);
    }
  }
  return out;
}

/** What a renderer would show for a component after each change: its stream state, prop states and props. */
function record(component: ComponentNode): { frames: string[]; stop(): void } {
  const frames: string[] = [];
  const stop = effect(() => {
    const status = Object.entries(component.propStatus.value)
      .map(([key, value]) => `${key}:${value}`)
      .join(",");
    const frame = `${component.streaming.value} {${status}} ${JSON.stringify(component.props.value)}`;
    if (frames.at(-1) !== frame) frames.push(frame);
  });
  return { frames, stop };
}

describe("components from all three sources, one model", () => {
  it("a stream mixing Tambo events, a renderable tool call and an activity: each component's timeline", () => {
    const components = createComponentRegistry({
      Chart: { propsSchema: { type: "object", properties: { series: { type: "array" }, title: { type: "string" } } } },
    });
    const thread = createThread({ components: generativeUi({ registry: components }), onWarning: (w) => expect.fail(`${w.code}: ${w.message}`) });
    const pipeline = createPipeline((event) => foldEvent(thread, event));
    const recorders = new Map<string, ReturnType<typeof record>>();
    // A renderer: a new component shows up → start recording what it would show.
    const watcher = effect(() => {
      for (const component of renderables(thread)) if (!recorders.has(component.id)) recorders.set(component.id, record(component));
    });

    const events = [
      { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Here is the forecast." },
      cStart("card", "WeatherCard"),
      cProps("card", [set("/city", "Os")]),
      cProps("card", [{ op: "replace", path: "/city", value: "Oslo" }]),
      cProps("card", [set("/temp", 21)]),
      { type: "TOOL_CALL_START", toolCallId: "chart", toolCallName: "Chart", parentMessageId: "m1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "chart", delta: '{"series":[1,2' },
      { type: "TOOL_CALL_ARGS", toolCallId: "chart", delta: '],"title":"Wee' },
      { type: "TOOL_CALL_ARGS", toolCallId: "chart", delta: 'k"}' },
      { type: "TOOL_CALL_END", toolCallId: "chart" },
      cEnd("card"),
      { type: "ACTIVITY_SNAPSHOT", messageId: "act", activityType: "progress", content: { step: "fetch" } },
      { type: "ACTIVITY_DELTA", messageId: "act", activityType: "progress", patch: [{ op: "replace", path: "/step", value: "render" }] },
      { type: "ACTIVITY_DELTA", messageId: "act", activityType: "progress", patch: [{ op: "add", path: "/pct", value: 50 }] },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "TOOL_CALL_RESULT", messageId: "res", toolCallId: "chart", content: "rendered" },
      { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
    ];
    for (const event of events) pipeline.push(event);
    pipeline.end();

    expect(renderables(thread).map((c) => `${c.source}:${c.name}`)).toEqual(["tambo:WeatherCard", "tool-call:Chart", "activity:progress"]);
    expect(recorders.get("card")!.frames).toEqual([
      "pending {} {}",
      'streaming {city:streaming} {"city":"Os"}',
      'streaming {city:streaming} {"city":"Oslo"}',
      'streaming {city:complete,temp:streaming} {"city":"Oslo","temp":21}',
      'complete {city:complete,temp:complete} {"city":"Oslo","temp":21}',
    ]);
    expect(recorders.get("chart")!.frames).toEqual([
      "pending {series:pending,title:pending} {}",
      'streaming {series:streaming,title:pending} {"series":[1,2]}',
      'streaming {series:complete,title:streaming} {"series":[1,2],"title":"Wee"}',
      'streaming {series:complete,title:complete} {"series":[1,2],"title":"Week"}',
      'complete {series:complete,title:complete} {"series":[1,2],"title":"Week"}',
    ]);
    expect(recorders.get("act")!.frames).toEqual([
      'streaming {step:streaming} {"step":"fetch"}',
      'streaming {step:streaming} {"step":"render"}',
      'streaming {step:complete,pct:streaming} {"step":"render","pct":50}',
      'complete {step:complete,pct:complete} {"step":"render","pct":50}',
    ]);
    // The AG-UI projection is what @ag-ui/client would hold: text + tool call, the result, the activity.
    expect(thread.toMessages().map((m) => `${m.role}:${m.id}`)).toEqual(["assistant:m1", "tool:res", "activity:act"]);
    watcher();
    for (const r of recorders.values()) r.stop();
  });
});
