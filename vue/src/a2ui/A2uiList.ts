import { defineComponent, h } from "vue";
import { flexStyle } from "@threadline/core/a2ui";
import { A2uiChildren } from "./A2uiChildren.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiList = defineComponent({
  name: "A2uiList",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () =>
      h(
        "ul",
        {
          class: "a2ui-list",
          "data-direction": props.view.props["direction"] === "horizontal" ? "horizontal" : "vertical",
          style: flexStyle(props.view.props),
          "aria-label": (props.view.props["accessibility"] as { label?: string } | undefined)?.label,
        },
        [h(A2uiChildren, { context: props.context, children: props.view.props["children"], item: true })],
      );
  },
});
