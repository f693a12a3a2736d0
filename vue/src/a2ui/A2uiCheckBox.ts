import { defineComponent, h, ref } from "vue";
import { displayText, elementId } from "@threadline/core/a2ui";
import { a2uiErrors } from "./A2uiErrors.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiCheckBox = defineComponent({
  name: "A2uiCheckBox",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const local = ref<boolean | undefined>(undefined);
    return () => {
      const { view, context } = props;
      const invalid = view.errors.length > 0;
      const onChange = (event: Event) => {
        const next = (event.target as HTMLInputElement).checked;
        if (!context.surface.write(view.def.props["value"], context.scope, next)) local.value = next;
      };
      return h("div", { class: "a2ui-field a2ui-checkbox" }, [
        h("label", [
          h("input", { type: "checkbox", checked: local.value ?? view.props["value"] === true, onChange, "aria-invalid": invalid ? "true" : "false", "aria-describedby": invalid ? elementId(context, "errors") : undefined }),
          ` ${displayText(view.props["label"])}`,
        ]),
        invalid ? a2uiErrors(elementId(context, "errors"), view.errors) : null,
      ]);
    };
  },
});
