// W6 baseline: what the playground did before — marked + DOMPurify on the whole text, innerHTML
// replaced on every delta.
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { installMarkdownHarness, showsEnd } from "../markdown/harness.js";

const marked = new Marked({ gfm: true, async: false });

installMarkdownHarness("md-marked", () => {
  let text = "";
  let host: HTMLElement | undefined;
  const draw = () => {
    host!.innerHTML = DOMPurify.sanitize(marked.parse(text, { async: false }), { USE_PROFILES: { html: true } });
  };
  return {
    async mount(root, prefix) {
      host = root;
      text = prefix;
      draw();
    },
    push(delta) {
      text += delta;
      draw();
    },
    check: showsEnd,
    close: () => {},
  };
});
