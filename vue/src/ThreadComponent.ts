import { type ComponentNodeLike, unknownComponentNotice } from "@threadline/core/model";
import { computed, defineComponent, h, provide, toRaw, type Component, type PropType, type SlotsType, type VNode } from "vue";
import { providedComponents, type ComponentMap, type FallbackProps } from "./component-map.js";
import { COMPONENT_NODE } from "./component-node.js";
import { useComponentProps } from "./useComponent.js";
import { useSignal } from "./useSignal.js";

/**
 * Renders the registered Vue component for a generative-UI component node, with the node's live
 * props: each props update re-renders this wrapper and passes the new values down, and Vue
 * re-renders the child only when one of its props changed. Only the props the component declares
 * are passed, so agent-supplied keys never fall through to the DOM as attributes (`innerHTML`,
 * `onclick`…); the child reaches everything through `useComponentProps()` / `injectComponentNode()`.
 * An unknown name renders the `fallback` slot, or the notice both bindings show.
 */
export const ThreadComponent = defineComponent({
  name: "ThreadComponent",
  props: {
    node: { type: Object as PropType<ComponentNodeLike>, required: true },
    components: { type: Object as PropType<ComponentMap>, required: false, default: undefined },
  },
  slots: Object as SlotsType<{ fallback: FallbackProps }>,
  setup(props, { slots }) {
    const provided = providedComponents();
    const node = computed<ComponentNodeLike>(() => toRaw(props.node) as ComponentNodeLike);
    provide(COMPONENT_NODE, node);
    const values = useComponentProps(node);
    // A name given as a plain string never changes, so only a signal name is subscribed.
    const nameSignal = useSignal<string>(() => {
      const name = node.value.name;
      return typeof name === "string" ? undefined : name;
    });

    return (): VNode | VNode[] => {
      // Read at every render, not cached: core's nodes expose a name that can change (an
      // activity's type) as a plain getter, and such a change comes with new props, which
      // re-render this wrapper.
      const given = node.value.name;
      const componentName = typeof given === "string" ? given : (nameSignal.value ?? "");
      // A registry that went through props or reactive() is a proxy; its components must not be.
      const registry = props.components === undefined ? provided : toRaw(props.components);
      const found = registry !== undefined && Object.hasOwn(registry, componentName) ? registry[componentName] : undefined;
      const component = found === undefined ? undefined : toRaw(found);
      const current = (values.value ?? {}) as Readonly<Record<string, unknown>>;
      if (component === undefined) {
        const fallback = slots.fallback?.({ name: componentName, props: current, node: node.value });
        if (fallback !== undefined) return fallback;
        return h(
          "div",
          { class: "threadline-unknown-component", "data-component-name": componentName, role: "note" },
          unknownComponentNotice(componentName),
        );
      }
      return h(component, { ...declaredProps(component, current), key: node.value.id });
    };
  },
});

const declaredNames = new WeakMap<object, readonly string[]>();

/** The values for the props `component` declares (array or object form), own keys only. */
function declaredProps(component: Component, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let names = declaredNames.get(component);
  if (names === undefined) {
    const options = (component as { props?: unknown }).props;
    names = Array.isArray(options)
      ? options.filter((name): name is string => typeof name === "string")
      : typeof options === "object" && options !== null
        ? Object.keys(options)
        : [];
    declaredNames.set(component, names);
  }
  const picked: Record<string, unknown> = {};
  for (const name of names) {
    if (Object.hasOwn(values, name)) picked[name] = values[name];
  }
  return picked;
}
