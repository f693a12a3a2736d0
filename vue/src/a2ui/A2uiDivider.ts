import { defineComponent, h } from "vue";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiDivider = defineComponent({
  name: "A2uiDivider",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => (props.view.props["axis"] === "vertical" ? h("div", { class: "a2ui-divider", role: "separator", "aria-orientation": "vertical" }) : h("hr", { class: "a2ui-divider" }));
  },
});
