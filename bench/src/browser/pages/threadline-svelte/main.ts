// Threadline Svelte: @threadline/svelte stores over a core ChatClient.
import { useChat } from "@threadline/svelte";
import { mount, unmount } from "svelte";
import { installHarness } from "../harness.js";
import { threadlineRun } from "../threadline-chat.js";
import App from "./App.svelte";

installHarness("threadline-svelte", async (root, workload) => {
  const run = threadlineRun(workload);
  const chat = useChat({ chat: run.client });
  const app = mount(App, { target: root, props: { chat } });
  await run.start();
  return {
    push: run.push,
    async close() {
      await run.finish();
      await unmount(app);
      chat.dispose();
      run.client.dispose();
    },
  };
});
