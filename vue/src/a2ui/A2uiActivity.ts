import { computed, defineComponent, h, toRaw, watchEffect, type PropType, type VNode } from "vue";
import { A2UI_ACTIVITY_TYPE, lifecycleOf, type A2uiLifecycle, type A2uiSurfaces } from "@threadline/core/a2ui";
import { BindingError, type ActivityMessageNode } from "@threadline/core/model";
import { useSignal } from "../useSignal.js";
import { injectA2ui } from "./context.js";
import { A2uiSurfaceView } from "./A2uiSurfaceView.js";

function lifecycleText(lifecycle: A2uiLifecycle): string {
  switch (lifecycle.status) {
    case "building":
      return "Building the interface…";
    case "retrying":
      return `Retrying${lifecycle.attempt !== undefined ? ` (${lifecycle.attempt}/${lifecycle.maxAttempts ?? "?"})` : ""}…`;
    case "failed":
      return `The interface could not be built${lifecycle.error ? `: ${lifecycle.error}` : "."}`;
    default: {
      const never: never = lifecycle.status;
      return never;
    }
  }
}

/**
 * An `a2ui-surface` activity message: each surface it created, or the middleware's pre-paint state
 * (building, retrying, failed) while there are none yet. Renders nothing for a message that only
 * updates a surface created elsewhere.
 */
export const A2uiActivity = defineComponent({
  name: "A2uiActivity",
  props: {
    message: { type: Object as PropType<ActivityMessageNode>, required: true },
    a2ui: { type: Object as PropType<A2uiSurfaces>, required: false, default: undefined },
  },
  setup(props) {
    const provided = injectA2ui();
    const a2ui = computed(() => {
      const found = props.a2ui ?? provided?.a2ui;
      if (found === undefined) throw new BindingError("A2UI_NOT_PROVIDED", "A2uiActivity needs `a2ui` or useA2ui() in an ancestor", props.message);
      return toRaw(found);
    });
    const message = computed(() => toRaw(props.message));
    const mine = useSignal(() => a2ui.value.surfacesOf(message.value.id));
    const content = useSignal(() => message.value.content);
    const type = useSignal(() => message.value.activityType);
    // A message rendered outside a followed thread is followed while it is on screen.
    watchEffect((onCleanup) => onCleanup(a2ui.value.attach(message.value)));
    return (): VNode[] => {
      const list = mine.value ?? [];
      const lifecycle = list.length === 0 && type.value === A2UI_ACTIVITY_TYPE ? lifecycleOf(content.value) : undefined;
      return [
        ...list.map((surface) => h(A2uiSurfaceView, { key: surface.id, surface })),
        ...(lifecycle === undefined ? [] : [h("p", { class: "a2ui-lifecycle", role: "status", "data-status": lifecycle.status }, lifecycleText(lifecycle))]),
      ];
    };
  },
});
