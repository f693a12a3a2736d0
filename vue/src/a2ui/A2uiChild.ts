import { computed, defineComponent, h, toRaw, type PropType, type VNode } from "vue";
import { enterComponent, type A2uiRenderContext } from "@threadline/core/a2ui";
import { A2uiNode } from "./A2uiNode.js";

/** A child by id (Card's, Button's, a tab's): rendered in its parent's scope, or the fallback for a cycle or too deep. */
export const A2uiChild = defineComponent({
  name: "A2uiChild",
  props: {
    parent: { type: Object as PropType<A2uiRenderContext>, required: true },
    id: { type: null as unknown as PropType<unknown>, required: false },
    scope: { type: String as PropType<string | undefined>, required: false },
  },
  setup(props) {
    const entered = computed(() => (typeof props.id === "string" ? enterComponent(toRaw(props.parent), props.id, props.scope) : undefined));
    return (): VNode | null => {
      const at = entered.value;
      if (typeof at === "object") return h(A2uiNode, { context: at });
      if (at === undefined) return null;
      return h("span", { class: "a2ui-fallback", role: "note" }, `Not rendered: ${at === "cycle" ? "the component contains itself" : "nested too deep"}`);
    };
  },
});
