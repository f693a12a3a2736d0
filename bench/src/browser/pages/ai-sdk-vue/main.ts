// @ai-sdk/vue: its `Chat` class (the API of @ai-sdk/vue 3.x, which has no `useChat`; see the
// README), fed through a custom ChatTransport.
import { Chat } from "@ai-sdk/vue";
import { createApp } from "vue";
import { PushTransport, uiMessages } from "../ai-sdk-transport.js";
import { installHarness } from "../harness.js";
import App from "./App.vue";

installHarness("ai-sdk-vue", async (root, workload) => {
  const transport = new PushTransport(workload);
  const chat = new Chat({ id: "bench-thread", transport, messages: uiMessages(workload) });
  const app = createApp(App, { chat });
  app.mount(root);
  const turn = chat.sendMessage({ text: workload.userText });
  await transport.start();
  return {
    push: transport.push,
    async close() {
      transport.finish();
      await turn;
      if (chat.status === "error") throw new Error(`the AI SDK chat ended in error: ${String(chat.error)}`);
      app.unmount();
    },
  };
});
