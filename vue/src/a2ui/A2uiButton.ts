import { defineComponent, h } from "vue";
import { elementId } from "@threadline/core/a2ui";
import { A2uiChild } from "./A2uiChild.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** A native button: its action goes to the agent (or runs on the client); disabled while one of its checks fails. */
export const A2uiButton = defineComponent({
  name: "A2uiButton",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    return () => {
      const { view, context } = props;
      const invalid = view.errors.length > 0;
      const a11y = view.props["accessibility"] as { label?: string } | undefined;
      return [
        h(
          "button",
          {
            type: "button",
            class: "a2ui-button",
            "data-variant": typeof view.props["variant"] === "string" ? view.props["variant"] : "default",
            disabled: invalid,
            "aria-label": a11y?.label,
            "aria-describedby": invalid ? elementId(context, "errors") : undefined,
            onClick: () => context.surface.dispatch(view.id, view.props["action"], context.scope),
          },
          [h(A2uiChild, { parent: context, id: view.props["child"] })],
        ),
        invalid ? h("ul", { class: "a2ui-errors", id: elementId(context, "errors") }, view.errors.map((error, i) => h("li", { key: i }, error))) : null,
      ];
    };
  },
});
