// Threadline Svelte, runes: `chat.messages` read off useChat over a core ChatClient, the message
// component the store page uses (its text through the streamText action).
import { mount, unmount } from "svelte";
import { installHarness } from "../harness.js";
import { threadlineLane } from "../threadline-chat.js";
import App from "./App.svelte";

installHarness(
  "threadline-svelte-runes",
  threadlineLane((root, client) => {
    const app = mount(App, { target: root, props: { client } });
    return () => unmount(app);
  }),
);
