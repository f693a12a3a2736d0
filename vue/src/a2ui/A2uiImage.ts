import { defineComponent, h } from "vue";
import { displayText } from "@threadline/core/a2ui";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiImage = defineComponent({
  name: "A2uiImage",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const { url, fit, description, variant } = props.view.props;
      const alt = displayText(description);
      if (typeof url !== "string") return h("span", { class: "a2ui-fallback", role: "img", "aria-label": alt || "image" }, "Image unavailable");
      return h("img", {
        class: "a2ui-image",
        src: url,
        alt,
        "data-variant": variant,
        style: { objectFit: fit === "scaleDown" ? "scale-down" : typeof fit === "string" ? fit : undefined },
        loading: "lazy",
        referrerpolicy: "no-referrer",
      });
    };
  },
});
