// W6 svelte-streamdown: its <Streamdown content={text} /> given the growing text on every delta.
import { flushSync, mount, unmount } from "svelte";
import { installMarkdownHarness, showsEnd } from "../markdown/harness.js";
import App from "./App.svelte";

installMarkdownHarness("md-streamdown", () => {
  let app: ReturnType<typeof mount> | undefined;
  let setText: ((value: string) => void) | undefined;
  let text = "";
  return {
    async mount(root, prefix) {
      const created = mount(App, { target: root, props: { text: prefix } });
      app = created;
      setText = (created as unknown as { setText(value: string): void }).setText;
      text = prefix;
      flushSync();
      await new Promise((r) => setTimeout(r, 200));
    },
    push(delta) {
      text += delta;
      setText!(text);
      flushSync();
    },
    check: showsEnd,
    close: () => {
      if (app) void unmount(app);
    },
  };
});
