// Apps keep a chat, its agent and its thread inside Vue reactivity (a Pinia store's state, a
// `ref`, a `reactive` object). Vue then hands out deep proxies, and core's `#private` members
// would fail their brand check when a method runs with the proxy as `this`: these objects are
// marked raw (`__v_skip`), so Vue hands back the objects themselves.
import { isProxy, reactive, ref } from "vue";
import { describe, expect, it } from "vitest";
import { ChatClient, createThread, fromEvents, HttpAgent } from "@threadline/core";

describe("core objects held in Vue reactivity", () => {
  it("a chat, an HttpAgent and a thread in ref()/reactive() stay usable", async () => {
    const agent = new HttpAgent({ url: "http://127.0.0.1:9/agent" });
    const thread = createThread();
    const held = reactive({ chat: new ChatClient({ agent: fromEvents([]), presence: false }), agent, thread });
    const boxed = ref({ chat: held.chat });
    expect(isProxy(held.chat)).toBe(false);
    expect(isProxy(boxed.value.chat)).toBe(false);
    expect(isProxy(held.agent)).toBe(false);
    expect(isProxy(held.thread)).toBe(false);
    expect(held.chat.status.value).toBe("idle");
    expect(held.thread.status.value).toBe("idle");
    expect(() => held.chat.stop()).not.toThrow();
    held.chat.dispose();
  });
});
