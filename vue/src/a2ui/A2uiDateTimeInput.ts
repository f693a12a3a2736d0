import { defineComponent, h, ref } from "vue";
import { dateTimeInputValue, dateTimeType, displayText, elementId } from "@threadline/core/a2ui";
import { a2uiErrors } from "./A2uiErrors.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

export const A2uiDateTimeInput = defineComponent({
  name: "A2uiDateTimeInput",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const local = ref<string | undefined>(undefined);
    return () => {
      const { view, context } = props;
      const type = dateTimeType(view.props);
      const invalid = view.errors.length > 0;
      const onInput = (event: Event) => {
        const next = (event.target as HTMLInputElement).value;
        if (!context.surface.write(view.def.props["value"], context.scope, next)) local.value = next;
      };
      return h("div", { class: "a2ui-field" }, [
        h("label", { for: elementId(context, "input") }, displayText(view.props["label"]) || "Date"),
        h("input", {
          id: elementId(context, "input"),
          type,
          value: local.value ?? dateTimeInputValue(view.props["value"], type),
          min: dateTimeInputValue(view.props["min"], type) || undefined,
          max: dateTimeInputValue(view.props["max"], type) || undefined,
          onInput,
          "aria-invalid": invalid ? "true" : "false",
        }),
        invalid ? a2uiErrors(elementId(context, "errors"), view.errors) : null,
      ]);
    };
  },
});
