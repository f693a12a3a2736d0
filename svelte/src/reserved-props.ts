import type { ComponentProps } from "@threadline/core";

/**
 * Prop names Svelte gives a meaning of its own: `children` is the snippet a component renders,
 * the `$$` names are its internals. Props an agent streams are JSON, so a key with one of these
 * names is never what Svelte expects (a string `children` would make `{@render children()}`
 * throw). Checked by name, O(1) per props change.
 */
const RESERVED = ["children", "$$slots", "$$events", "$$legacy", "$$host"] as const;

/** `props` without the reserved names; the same object when it has none (the usual case). */
export function withoutReservedProps(props: ComponentProps): ComponentProps {
  let clean: Record<string, unknown> | undefined;
  for (const name of RESERVED) {
    if (Object.hasOwn(props, name)) {
      clean ??= { ...props };
      delete clean[name];
    }
  }
  return clean ?? props;
}
