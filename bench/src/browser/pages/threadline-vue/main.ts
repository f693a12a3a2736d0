// Threadline Vue: @threadline/vue composables over a core ChatClient.
import { createApp } from "vue";
import { installHarness } from "../harness.js";
import { threadlineRun } from "../threadline-chat.js";
import App from "./App.vue";

installHarness("threadline-vue", async (root, workload) => {
  const run = threadlineRun(workload);
  const app = createApp(App, { chat: run.client });
  app.mount(root);
  await run.start();
  return {
    push: run.push,
    async close() {
      await run.finish();
      app.unmount();
      run.client.dispose();
    },
  };
});
