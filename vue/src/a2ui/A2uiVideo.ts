import { defineComponent, h } from "vue";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiVideo = defineComponent({
  name: "A2uiVideo",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const url = props.view.props["url"];
      const label = (props.view.props["accessibility"] as { label?: string } | undefined)?.label ?? "video";
      return typeof url === "string"
        ? h("video", { class: "a2ui-video", src: url, controls: true, preload: "metadata", "aria-label": label })
        : h("span", { class: "a2ui-fallback", role: "note" }, "Video unavailable");
    };
  },
});
