// @ai-sdk/svelte: its `Chat` class, fed through a custom ChatTransport.
import { Chat } from "@ai-sdk/svelte";
import { mount, unmount } from "svelte";
import { PushTransport, uiMessages } from "../ai-sdk-transport.js";
import { installHarness } from "../harness.js";
import App from "./App.svelte";

installHarness("ai-sdk-svelte", async (root, workload) => {
  const transport = new PushTransport(workload);
  const chat = new Chat({ id: "bench-thread", transport, messages: uiMessages(workload) });
  const app = mount(App, { target: root, props: { chat } });
  const turn = chat.sendMessage({ text: workload.userText });
  await transport.start();
  return {
    push: transport.push,
    async close() {
      transport.finish();
      await turn;
      if (chat.status === "error") throw new Error(`the AI SDK chat ended in error: ${String(chat.error)}`);
      await unmount(app);
    },
  };
});
