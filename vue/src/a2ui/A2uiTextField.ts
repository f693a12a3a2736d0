import { defineComponent, h, ref } from "vue";
import { displayText, elementId, textFieldType } from "@threadline/core/a2ui";
import { a2uiErrors } from "./A2uiErrors.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** A labelled text input (or textarea for longText) written back to its bound path as the user types. */
export const A2uiTextField = defineComponent({
  name: "A2uiTextField",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const local = ref<string | undefined>(undefined);
    return () => {
      const { view, context } = props;
      const type = textFieldType(view.props["variant"]);
      const invalid = view.errors.length > 0;
      const onInput = (event: Event) => {
        const next = (event.target as HTMLInputElement | HTMLTextAreaElement).value;
        if (!context.surface.write(view.def.props["value"], context.scope, next)) local.value = next;
      };
      const attrs = {
        id: elementId(context, "input"),
        value: local.value ?? displayText(view.props["value"]),
        onInput,
        "aria-invalid": invalid ? "true" : "false",
        "aria-describedby": invalid ? elementId(context, "errors") : undefined,
      };
      const pattern = typeof view.props["validationRegexp"] === "string" ? view.props["validationRegexp"] : undefined;
      return h("div", { class: "a2ui-field" }, [
        h("label", { for: elementId(context, "input") }, displayText(view.props["label"])),
        type === "textarea" ? h("textarea", attrs) : h("input", { ...attrs, type, pattern }),
        invalid ? a2uiErrors(elementId(context, "errors"), view.errors) : null,
      ]);
    };
  },
});
