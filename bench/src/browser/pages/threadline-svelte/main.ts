// Threadline Svelte: @threadline/svelte stores over a core ChatClient.
import { useChat } from "@threadline/svelte";
import { mount, unmount } from "svelte";
import { installHarness } from "../harness.js";
import { threadlineLane } from "../threadline-chat.js";
import App from "./App.svelte";

installHarness("threadline-svelte", (root, workload) =>
  threadlineLane(workload, (client) => {
    const chat = useChat({ chat: client });
    const app = mount(App, { target: root, props: { chat } });
    return async () => {
      await unmount(app);
      chat.dispose();
    };
  }),
);
