import { defineComponent, h } from "vue";
import { displayText } from "@threadline/core/a2ui";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiText = defineComponent({
  name: "A2uiText",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const variant = typeof props.view.props["variant"] === "string" ? (props.view.props["variant"] as string) : "body";
      const label = (props.view.props["accessibility"] as { label?: string } | undefined)?.label;
      return h(/^h[1-5]$/.test(variant) ? variant : "span", { class: "a2ui-text", "data-variant": variant, "aria-label": label }, displayText(props.view.props["text"]));
    };
  },
});
