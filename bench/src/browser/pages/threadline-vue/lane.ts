// How both Threadline Vue pages (the list of every message, and <ThreadWindow>) mount: a core
// ChatClient handed to the page's App component, which calls `useChat({ chat })`.
import { createApp, type Component } from "vue";
import type { Lane } from "../harness.js";
import { threadlineLane, type ThreadlineRun } from "../threadline-chat.js";

export function vueLane(App: Component, windowed = false): Lane<ThreadlineRun> {
  return threadlineLane((root, client) => {
    const app = createApp(App, { chat: client });
    app.mount(root);
    return () => app.unmount();
  }, windowed);
}
