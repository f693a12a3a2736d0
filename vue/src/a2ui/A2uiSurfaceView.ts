import { computed, defineComponent, h, onMounted, toRaw, type PropType } from "vue";
import { enterComponent, ensureA2uiStyles, themeStyle, type A2uiSurface } from "@threadline/core/a2ui";
import { useSignal } from "../useSignal.js";
import { A2uiNode } from "./A2uiNode.js";

/**
 * One surface: its `root` component, themed by the surface's primaryColor and the page's
 * --a2ui-* custom properties, as a labelled region.
 */
export const A2uiSurfaceView = defineComponent({
  name: "A2uiSurfaceView",
  props: {
    surface: { type: Object as PropType<A2uiSurface>, required: true },
    styles: { type: Boolean, default: true },
  },
  setup(props) {
    // Raw: a surface that came through reactive props is a proxy, and its private fields cannot be read through one.
    const surface = computed(() => toRaw(props.surface));
    const theme = useSignal(() => surface.value.theme);
    const root = computed(() => enterComponent(surface.value, "root"));
    onMounted(() => {
      if (props.styles) ensureA2uiStyles();
    });
    return () => {
      const current = theme.value ?? {};
      const name = typeof current["agentDisplayName"] === "string" ? current["agentDisplayName"] : "Generated interface";
      const at = root.value;
      return h("section", { class: "a2ui-surface", "data-surface-id": surface.value.id, style: themeStyle(current), "aria-label": name }, typeof at === "object" ? [h(A2uiNode, { context: at })] : []);
    };
  },
});
