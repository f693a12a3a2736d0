import type { Component } from "svelte";
import type { StreamedPropsComponent } from "./component-map.js";

/**
 * Prop names Svelte gives a meaning of its own: `children` is the snippet a component renders,
 * the `$$` names are its internals. Props an agent streams are JSON, so a key with one of these
 * names is never what Svelte expects (a string `children` would make `{@render children()}` throw).
 */
const RESERVED: ReadonlySet<string> = new Set(["children", "$$slots", "$$events", "$$legacy", "$$host"]);

const wrapped = new WeakMap<StreamedPropsComponent, StreamedPropsComponent>();

/**
 * `component`, handed only the props it declares, as `@threadline/vue` does. A Svelte component
 * declares a prop by reading it by name from `$props()` (`let { city } = $props()`, or
 * `props.city`); Svelte keeps no list of them at run time, so the props object it gets answers
 * a read by name and enumerates nothing: a `...rest`, or a spread of the whole props object,
 * sees no agent-supplied key (`onclick`, `style`…) to put on an element. The same on the
 * server, where the object a parent passes is a plain copy: the wrapper sits between that copy
 * and the component. O(1) per props change: values are read through, never copied.
 */
export function declaredPropsOnly(component: StreamedPropsComponent): StreamedPropsComponent {
  let wrapper = wrapped.get(component);
  if (wrapper === undefined) {
    // Svelte calls a component with (internals, props); the wrapper passes the internals on
    // untouched, as a component calling a child does.
    const inner = component as unknown as (internals: unknown, props: Record<string, unknown>) => unknown;
    wrapper = ((internals: unknown, props: Record<string, unknown>) => inner(internals, namedOnly(props))) as unknown as Component<
      Record<string, unknown>
    >;
    wrapped.set(component, wrapper);
  }
  return wrapper;
}

function namedOnly(props: Record<string, unknown>): Record<string, unknown> {
  const readable = (key: string | symbol): key is string => typeof key === "string" && !RESERVED.has(key) && key in props;
  // An empty, extensible target: the traps may then answer differently from it without breaking
  // a proxy invariant.
  return new Proxy<Record<string, unknown>>(
    {},
    {
      get: (_target, key) => (readable(key) ? props[key] : undefined),
      has: (_target, key) => readable(key),
    },
  );
}
