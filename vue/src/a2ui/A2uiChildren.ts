import { computed, defineComponent, h, toRaw, type PropType, type VNode } from "vue";
import type { A2uiRenderContext } from "@threadline/core/a2ui";
import { useSignal } from "../useSignal.js";
import { A2uiChild } from "./A2uiChild.js";

/** A container's children: a list of ids or a template over a data list (re-listed only when items come or go). */
export const A2uiChildren = defineComponent({
  name: "A2uiChildren",
  props: {
    context: { type: Object as PropType<A2uiRenderContext>, required: true },
    children: { type: null as unknown as PropType<unknown>, required: false },
    item: { type: Boolean, default: false },
  },
  setup(props) {
    const context = computed(() => toRaw(props.context));
    const list = useSignal(() => context.value.surface.children(props.children, context.value.scope));
    return (): VNode[] =>
      (list.value ?? []).map((child) => {
        const node = h(A2uiChild, { parent: context.value, id: child.id, scope: child.scope, key: props.item ? undefined : child.key });
        return props.item ? h("li", { key: child.key }, [node]) : node;
      });
  },
});
