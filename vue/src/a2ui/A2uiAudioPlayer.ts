import { defineComponent, h } from "vue";
import { displayText } from "@threadline/core/a2ui";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiAudioPlayer = defineComponent({
  name: "A2uiAudioPlayer",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const url = props.view.props["url"];
      const description = displayText(props.view.props["description"]);
      return h("figure", { class: "a2ui-audio" }, [
        typeof url === "string"
          ? h("audio", { src: url, controls: true, preload: "metadata", "aria-label": description || "audio" })
          : h("span", { class: "a2ui-fallback", role: "note" }, "Audio unavailable"),
        description ? h("figcaption", description) : null,
      ]);
    };
  },
});
