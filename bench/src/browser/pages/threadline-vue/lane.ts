// How both Threadline Vue pages (the list of every message, and <ThreadWindow>) mount: a core
// ChatClient handed to the page's App component, which calls `useChat({ chat })`.
import { createApp, type Component } from "vue";
import type { Lane } from "../harness.js";
import { threadlineRun, type ThreadlineRun } from "../threadline-chat.js";

export function vueLane(App: Component, windowed = false): Lane<ThreadlineRun> {
  return {
    windowed,
    load: (workload) => threadlineRun(workload),
    mount(root, run) {
      const app = createApp(App, { chat: run.client });
      app.mount(root);
      return () => app.unmount();
    },
    async start(run) {
      await run.start();
      return run;
    },
    dispose: (run) => run.client.dispose(),
  };
}
