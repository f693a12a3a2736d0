import { computed, defineComponent, h, ref } from "vue";
import { elementId, tabKeyTarget, tabList } from "@threadline/core/a2ui";
import { A2uiChild } from "./A2uiChild.js";
import { A2UI_COMPONENT_PROPS } from "./context.js";

/** Tabs as the ARIA tabs pattern: arrow keys, Home and End move between tabs; only the selected panel renders. */
export const A2uiTabs = defineComponent({
  name: "A2uiTabs",
  props: A2UI_COMPONENT_PROPS,
  setup(props) {
    const selected = ref(0);
    const buttons: (HTMLButtonElement | null)[] = [];
    const tabs = computed(() => tabList(props.view.props["tabs"]));
    return () => {
      const list = tabs.value;
      const current = Math.min(selected.value, Math.max(list.length - 1, 0));
      const { context } = props;
      const onKeydown = (event: KeyboardEvent, index: number) => {
        const target = tabKeyTarget(event.key, index, list.length);
        if (target === undefined) return;
        event.preventDefault();
        selected.value = target;
        buttons[target]?.focus();
      };
      return h("div", { class: "a2ui-tabs" }, [
        h(
          "div",
          { role: "tablist", "aria-label": (props.view.props["accessibility"] as { label?: string } | undefined)?.label },
          list.map((tab, i) =>
            h(
              "button",
              {
                key: i,
                ref: (el: unknown) => (buttons[i] = el as HTMLButtonElement | null),
                type: "button",
                role: "tab",
                id: elementId(context, `tab-${i}`),
                "aria-selected": i === current ? "true" : "false",
                "aria-controls": elementId(context, "panel"),
                tabindex: i === current ? 0 : -1,
                onClick: () => (selected.value = i),
                onKeydown: (event: KeyboardEvent) => onKeydown(event, i),
              },
              tab.title,
            ),
          ),
        ),
        list[current] === undefined
          ? null
          : h("div", { role: "tabpanel", id: elementId(context, "panel"), "aria-labelledby": elementId(context, `tab-${current}`), tabindex: 0 }, [
              h(A2uiChild, { key: current, parent: context, id: list[current].child }),
            ]),
      ]);
    };
  },
});
