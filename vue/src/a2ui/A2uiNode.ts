import { computed, defineComponent, h, toRaw, type Component, type PropType, type VNode } from "vue";
import { isBasicComponent, type A2uiRenderContext } from "@threadline/core/a2ui";
import { useSignal } from "../useSignal.js";
import { basicComponent } from "./basic.js";
import { injectA2ui } from "./context.js";

/**
 * One A2UI component where it renders: the app's component for its type, else the basic catalog's,
 * else the fallback notice. Re-renders when its definition or a value it is bound to changes, and
 * for nothing else.
 */
export const A2uiNode = defineComponent({
  name: "A2uiNode",
  props: { context: { type: Object as PropType<A2uiRenderContext>, required: true } },
  setup(props) {
    const provided = injectA2ui();
    const context = computed(() => toRaw(props.context));
    const view = useSignal(() => context.value.surface.view(context.value.id, context.value.scope));
    const component = computed<Component | undefined>(() => {
      const type = view.value?.type;
      if (type === undefined) return undefined;
      const registered = provided?.components;
      if (registered !== undefined && Object.hasOwn(registered, type)) return toRaw(registered[type]);
      return isBasicComponent(type) ? basicComponent(type) : undefined;
    });
    return (): VNode | null => {
      const current = view.value;
      if (current === undefined) return null;
      const found = component.value;
      if (found === undefined) return h("span", { class: "a2ui-fallback", role: "note", "data-a2ui-type": current.type }, `Unsupported component: ${current.type}`);
      const rendered = h(found, { view: current, context: context.value });
      const weight = current.props["weight"];
      return typeof weight === "number" ? h("div", { class: "a2ui-weighted", style: { flexGrow: weight, display: "flex", flexDirection: "column" } }, [rendered]) : rendered;
    };
  },
});
