import { defineComponent, h, ref } from "vue";
import { choiceOptions, displayText, elementId, selectedValues, toggleChoice } from "@threadline/core/a2ui";
import { a2uiErrors } from "./A2uiErrors.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** A fieldset of radio buttons (mutuallyExclusive) or checkboxes (multipleSelection), optionally filterable. */
export const A2uiChoicePicker = defineComponent({
  name: "A2uiChoicePicker",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const local = ref<readonly string[] | undefined>(undefined);
    const filter = ref("");
    return () => {
      const { view, context } = props;
      const exclusive = view.props["variant"] !== "multipleSelection";
      const selected = local.value ?? selectedValues(view.props["value"]);
      const needle = filter.value.toLowerCase();
      const options = choiceOptions(view.props["options"]).filter((o) => needle === "" || o.label.toLowerCase().includes(needle));
      const invalid = view.errors.length > 0;
      const onChange = (option: string, event: Event) => {
        const next = toggleChoice(selected, option, (event.target as HTMLInputElement).checked, exclusive);
        if (!context.surface.write(view.def.props["value"], context.scope, next)) local.value = next;
      };
      return h("fieldset", { class: "a2ui-choices", "data-display": view.props["displayStyle"] === "chips" ? "chips" : "checkbox", "aria-describedby": invalid ? elementId(context, "errors") : undefined }, [
        h("legend", displayText(view.props["label"])),
        view.props["filterable"] === true
          ? h("input", { type: "search", class: "a2ui-choice-filter", "aria-label": "Filter options", value: filter.value, onInput: (e: Event) => (filter.value = (e.target as HTMLInputElement).value) })
          : null,
        h(
          "div",
          { class: "a2ui-choice-options" },
          options.map((option) =>
            h("label", { key: option.value }, [
              h("input", { type: exclusive ? "radio" : "checkbox", name: elementId(context, "choice"), value: option.value, checked: selected.includes(option.value), onChange: (e: Event) => onChange(option.value, e) }),
              ` ${option.label}`,
            ]),
          ),
        ),
        invalid ? a2uiErrors(elementId(context, "errors"), view.errors) : null,
      ]);
    };
  },
});
