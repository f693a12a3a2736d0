import { defineComponent, h } from "vue";
import { A2uiChild } from "./A2uiChild.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiCard = defineComponent({
  name: "A2uiCard",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const label = (props.view.props["accessibility"] as { label?: string } | undefined)?.label;
      return h("div", { class: "a2ui-card", role: label ? "group" : undefined, "aria-label": label }, [h(A2uiChild, { parent: props.context, id: props.view.props["child"] })]);
    };
  },
});
