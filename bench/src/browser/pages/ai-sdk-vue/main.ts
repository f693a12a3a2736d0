// @ai-sdk/vue: its `Chat` class (the API of @ai-sdk/vue 3.x, which has no `useChat`; see the
// README), fed through a custom ChatTransport.
import { Chat } from "@ai-sdk/vue";
import { createApp } from "vue";
import { aiSdkRun, PushTransport, uiMessages } from "../ai-sdk-transport.js";
import { installHarness } from "../harness.js";
import App from "./App.vue";

installHarness("ai-sdk-vue", {
  prepare: uiMessages,
  load(workload) {
    const transport = new PushTransport(workload);
    return { transport, chat: new Chat({ id: "bench-thread", transport, messages: uiMessages(workload) }) };
  },
  mount(root, { chat }) {
    const app = createApp(App, { chat });
    app.mount(root);
    return () => app.unmount();
  },
  start: ({ transport, chat }, workload) => aiSdkRun(transport, chat, workload),
});
