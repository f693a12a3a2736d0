import { defineComponent, h } from "vue";
import { flexStyle } from "@threadline/core/a2ui";
import { A2uiChildren } from "./A2uiChildren.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** Row and Column: children side by side or stacked, with the catalog's justify and align. */
export const A2uiStack = defineComponent({
  name: "A2uiStack",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const label = (props.view.props["accessibility"] as { label?: string } | undefined)?.label;
      return h("div", { class: props.view.type === "Row" ? "a2ui-row" : "a2ui-column", style: flexStyle(props.view.props), role: label ? "group" : undefined, "aria-label": label }, [
        h(A2uiChildren, { context: props.context, children: props.view.props["children"] }),
      ]);
    };
  },
});
