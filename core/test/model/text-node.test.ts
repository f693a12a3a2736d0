// @vitest-environment jsdom
// MessageTextNode: the one Text node both bindings' streamText run, and what it does at mount.
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent, type MessageNode, type Thread } from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { MessageTextNode } from "../../src/model/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = (messageId: string) => ({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
const content = (messageId: string, delta: string) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
const nodeOf = (thread: Thread, id: string): MessageNode => thread.messages.value.find((m) => m.id === id)!;

/** Counts character-data writes and child-list changes under `element`. */
function watch(element: HTMLElement): { records: () => MutationRecord[] } {
  const observer = new MutationObserver(() => {});
  observer.observe(element, { subtree: true, childList: true, characterData: true });
  return { records: () => observer.takeRecords() };
}

describe("MessageTextNode", () => {
  it("takes over the Text node already rendered, writing nothing when it shows the text", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hello"));
    const element = document.createElement("li");
    element.textContent = "Hello";
    const rendered = element.firstChild;
    const mutations = watch(element);
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    expect(stream.text).toBe(rendered);
    expect(mutations.records()).toEqual([]);
    fold(thread, content("m1", ", world"));
    expect(element.textContent).toBe("Hello, world");
    expect(element.firstChild).toBe(rendered);
    expect(mutations.records().map((r) => r.type)).toEqual(["characterData"]);
    stream.stop();
    fold(thread, content("m1", "!"));
    expect(element.textContent).toBe("Hello, world");
  });

  it("corrects an adopted Text node that shows other text (rendered before the last token)", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "ab"));
    const element = document.createElement("p");
    element.textContent = "a";
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    expect(element.textContent).toBe("ab");
    expect(stream.shownIn(element)).toBe(true);
    stream.stop();
  });

  it("replaces anything else in the element with its own Text node, and follows a new message in it", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "one"), start("m2"), content("m2", "two"));
    const element = document.createElement("p");
    element.append(document.createElement("b"), "stale");
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    expect(element.childNodes.length).toBe(1);
    expect(element.textContent).toBe("one");
    const text = stream.text;
    stream.follow(nodeOf(thread, "m2"));
    expect(stream.node).toBe(nodeOf(thread, "m2"));
    expect(element.firstChild).toBe(text);
    fold(thread, content("m1", " ignored"), content("m2", "!"));
    expect(element.textContent).toBe("two!");
    element.textContent = "re-rendered";
    expect(stream.shownIn(element)).toBe(false);
    stream.stop();
  });

  it("an empty element gets one Text node made with the text: one child-list write, no data write", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hello"));
    const element = document.createElement("li");
    const mutations = watch(element);
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    expect(element.textContent).toBe("Hello");
    expect(mutations.records().map((r) => r.type)).toEqual(["childList"]);
    fold(thread, content("m1", "!"));
    expect(element.textContent).toBe("Hello!");
    expect(mutations.records().map((r) => r.type)).toEqual(["characterData"]);
    stream.stop();
  });

  it("an empty element gets a new Text node with the first token (a message with no text yet)", () => {
    const thread = createThread();
    fold(thread, start("m1"));
    const element = document.createElement("li");
    const mutations = watch(element);
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    expect(element.hasChildNodes()).toBe(false);
    expect(mutations.records()).toEqual([]);
    expect(stream.shownIn(element)).toBe(true);
    fold(thread, content("m1", "x"));
    expect(element.textContent).toBe("x");
    expect(element.childNodes.length).toBe(1);
    expect(element.firstChild).toBe(stream.text);
    fold(thread, content("m1", "y"));
    expect(element.textContent).toBe("xy");
    expect(mutations.records().map((r) => r.type)).toEqual(["childList", "characterData"]);
    stream.stop();
  });

  it("finds the Text node its text went into only when the text is written again", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hello"));
    const element = document.createElement("li");
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    const made = element.firstChild;
    expect(made?.nodeType).toBe(Node.TEXT_NODE);
    expect(stream.shownIn(element)).toBe(true);
    expect(stream.text).toBe(made);
    fold(thread, content("m1", "!"));
    expect(element.firstChild).toBe(made);
    expect(element.textContent).toBe("Hello!");
    stream.stop();
  });

  it("tells a re-render that replaced the text it gave, before it looked its Text node up", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "Hello"));
    const element = document.createElement("li");
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    element.textContent = "something else";
    expect(stream.shownIn(element)).toBe(false);
    expect(stream.shownIn(document.createElement("li"))).toBe(false);
    stream.stop();

    const empty = createThread();
    fold(empty, start("m2"));
    const other = document.createElement("li");
    const waiting = new MessageTextNode(other, nodeOf(empty, "m2"));
    other.append("rendered");
    expect(waiting.shownIn(other)).toBe(false);
    waiting.stop();
  });

  it("a snapshot before the Text node was looked up writes the new text into the element", () => {
    const thread = createThread();
    fold(thread, start("m1"), content("m1", "draft"));
    const element = document.createElement("li");
    const stream = new MessageTextNode(element, nodeOf(thread, "m1"));
    const made = element.firstChild;
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", content: "final" }] });
    expect(element.textContent).toBe("final");
    expect(element.firstChild).toBe(made);
    fold(thread, content("m1", "!"));
    expect(element.textContent).toBe("final!");
    stream.stop();
  });
});
