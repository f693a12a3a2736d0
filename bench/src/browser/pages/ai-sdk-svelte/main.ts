// @ai-sdk/svelte: its `Chat` class, fed through a custom ChatTransport.
import { Chat } from "@ai-sdk/svelte";
import { mount, unmount } from "svelte";
import { aiSdkRun, PushTransport, uiMessages } from "../ai-sdk-transport.js";
import { installHarness } from "../harness.js";
import App from "./App.svelte";

installHarness("ai-sdk-svelte", {
  prepare: uiMessages,
  load(workload) {
    const transport = new PushTransport(workload);
    return { transport, chat: new Chat({ id: "bench-thread", transport, messages: uiMessages(workload) }) };
  },
  mount(root, { chat }) {
    const app = mount(App, { target: root, props: { chat } });
    return () => unmount(app);
  },
  start: ({ transport, chat }, workload) => aiSdkRun(transport, chat, workload),
});
