import { describe, expect, it } from "vitest";
import { createThread, type Thread } from "../../src/index.js";
import { type ActivityMessageNode } from "../../src/model/index.js";
import { countWrites, finished, fold, runError, started, tamboThread } from "./helpers.js";

const snapshot = (messageId: string, content: object, activityType = "search", extra: object = {}) => ({
  type: "ACTIVITY_SNAPSHOT",
  messageId,
  activityType,
  content,
  ...extra,
});
const delta = (messageId: string, patch: object[], activityType = "search") => ({ type: "ACTIVITY_DELTA", messageId, activityType, patch });

function activity(thread: Thread, id: string): ActivityMessageNode {
  const node = thread.message(id);
  if (node?.role !== "activity") throw new Error(`no activity '${id}'`);
  return node;
}

describe("activity messages as components", () => {
  it("an activity streamed in a run is a component named by its type, its content as props", () => {
    const thread = createThread();
    fold(thread, started(), snapshot("a1", { query: "cats", found: 0 }));
    const node = activity(thread, "a1");
    const component = node.component;
    expect(thread.component("a1")).toBe(component);
    expect(component.id).toBe("a1");
    expect(component.messageId).toBe("a1");
    expect(component.source).toBe("activity");
    expect(component.name).toBe("search");
    expect(component.props.value).toBe(node.content.value);
    expect(component.state.value).toEqual({});
    expect(component.streaming.value).toBe("streaming");
    expect(component.propStatus.value).toEqual({ query: "streaming", found: "streaming" });

    fold(thread, delta("a1", [{ op: "replace", path: "/found", value: 3 }]));
    expect(component.props.value).toEqual({ query: "cats", found: 3 });
    expect(component.propStatus.value).toEqual({ query: "complete", found: "streaming" });
    fold(thread, delta("a1", [{ op: "add", path: "/results", value: ["a"] }]));
    expect(component.propStatus.value).toEqual({ query: "complete", found: "complete", results: "streaming" });

    fold(thread, finished());
    expect(component.streaming.value).toBe("complete");
    expect(component.propStatus.value).toEqual({ query: "complete", found: "complete", results: "complete" });
    // The AG-UI projection is unchanged.
    expect(thread.toMessages()).toEqual([{ id: "a1", role: "activity", activityType: "search", content: { query: "cats", found: 3, results: ["a"] } }]);
  });

  it("an activity that arrived whole is done, every prop done, and stays right when a snapshot changes it", () => {
    const thread = createThread({ messages: [{ id: "a1", role: "activity", activityType: "plan", content: { steps: ["a"] } }] });
    const component = activity(thread, "a1").component;
    expect(component.name).toBe("plan");
    expect(component.streaming.value).toBe("complete");
    expect(component.propStatus.value).toEqual({ steps: "complete" });
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "a1", role: "activity", activityType: "plan", content: { steps: ["a", "b"], owner: "x" } }] });
    expect(activity(thread, "a1").component).toBe(component);
    expect(component.props.value).toEqual({ steps: ["a", "b"], owner: "x" });
    expect(component.propStatus.value).toEqual({ steps: "complete", owner: "complete" });
  });

  it("a snapshot outside a run is done; a later run's snapshot streams it again", () => {
    const thread = createThread();
    fold(thread, snapshot("a1", { n: 1 }));
    const component = activity(thread, "a1").component;
    expect(component.streaming.value).toBe("complete");
    fold(thread, started(), snapshot("a1", { n: 2, m: 1 }));
    expect(component.streaming.value).toBe("streaming");
    expect(component.propStatus.value).toEqual({ n: "streaming", m: "streaming" });
    fold(thread, snapshot("a1", { n: 3 }, "search", { replace: false }));
    expect(component.props.value).toEqual({ n: 2, m: 1 });
    // A replacing snapshot touches every prop, old and new: a prop it drops loses its status.
    fold(thread, snapshot("a1", { n: 3 }));
    expect(component.propStatus.value).toEqual({ n: "streaming" });
    fold(thread, finished());
    expect(component.streaming.value).toBe("complete");
  });

  it("a failing run ends its activities without marking them errored", () => {
    const thread = createThread({ onWarning: () => {} });
    fold(thread, started(), snapshot("a1", { n: 1 }), runError());
    const component = activity(thread, "a1").component;
    expect(component.streaming.value).toBe("complete");
    expect(component.error.value).toBeUndefined();
  });

  it("a delta that fails to apply leaves the component as it was (ACTIVITY_PATCH_FAILED)", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), snapshot("a1", { n: 1 }), delta("a1", [{ op: "add", path: "/m", value: 1 }]));
    const component = activity(thread, "a1").component;
    const status = component.propStatus.value;
    const props = countWrites(component.props);
    fold(thread, delta("a1", [{ op: "replace", path: "/missing", value: 1 }]));
    expect(props.count).toBe(0);
    expect(component.propStatus.value).toBe(status);
    expect(warnings.map((w) => w.code)).toEqual(["ACTIVITY_PATCH_FAILED"]);
    props.stop();
  });

  it("a delta to one activity writes nothing of another", () => {
    const thread = createThread();
    fold(thread, started(), snapshot("a1", { n: 0 }), snapshot("a2", { n: 0 }));
    const other = activity(thread, "a2").component;
    const writes = [countWrites(other.props), countWrites(other.propStatus), countWrites(other.streaming), countWrites(thread.messages)];
    for (let i = 1; i <= 100; i++) fold(thread, delta("a1", [{ op: "replace", path: "/n", value: i }]));
    expect(writes.map((w) => w.count)).toEqual([0, 0, 0, 0]);
    expect(activity(thread, "a1").component.props.value).toEqual({ n: 100 });
    for (const w of writes) w.stop();
  });
});
