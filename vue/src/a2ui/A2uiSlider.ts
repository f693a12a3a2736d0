import { defineComponent, h, ref } from "vue";
import { displayText, elementId } from "@threadline/core/a2ui";
import { a2uiErrors } from "./A2uiErrors.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiSlider = defineComponent({
  name: "A2uiSlider",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const local = ref<number | undefined>(undefined);
    return () => {
      const { view, context } = props;
      const min = typeof view.props["min"] === "number" ? view.props["min"] : 0;
      const max = typeof view.props["max"] === "number" ? view.props["max"] : 100;
      const value = local.value ?? (typeof view.props["value"] === "number" ? view.props["value"] : min);
      const invalid = view.errors.length > 0;
      const onInput = (event: Event) => {
        const next = Number((event.target as HTMLInputElement).value);
        if (!context.surface.write(view.def.props["value"], context.scope, next)) local.value = next;
      };
      return h("div", { class: "a2ui-field" }, [
        h("label", { for: elementId(context, "input") }, displayText(view.props["label"])),
        h("input", { id: elementId(context, "input"), type: "range", min, max, value, onInput, "aria-valuetext": String(value), "aria-invalid": invalid ? "true" : "false" }),
        invalid ? a2uiErrors(elementId(context, "errors"), view.errors) : null,
      ]);
    };
  },
});
