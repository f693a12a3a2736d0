// How both Threadline Svelte store pages (the list of every message, and <ThreadWindow>) mount: a
// core ChatClient, `useChat({ chat })`, and the page's App component given the chat.
import { useChat } from "@threadline/svelte";
import { mount, unmount, type Component } from "svelte";
import type { Lane } from "../harness.js";
import { threadlineLane, type ThreadlineRun } from "../threadline-chat.js";

export function svelteLane(App: Component<Record<string, unknown>>, windowed = false): Lane<ThreadlineRun> {
  return threadlineLane((root, client) => {
    const chat = useChat({ chat: client });
    const app = mount(App, { target: root, props: { chat } });
    return async () => {
      await unmount(app);
      chat.dispose();
    };
  }, windowed);
}
