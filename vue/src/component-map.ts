import type { ComponentNodeLike } from "@threadline/core/model";
import { inject, provide, type Component, type InjectionKey } from "vue";

/** Generative-UI component names mapped to the Vue components that render them. */
export type ComponentMap = Readonly<Record<string, Component>>;

const COMPONENTS: InjectionKey<ComponentMap> = Symbol("threadline.components");

/** Registers components for every `<ThreadComponent>` below this component (a `components` prop wins). */
export function provideComponents(components: ComponentMap): void {
  provide(COMPONENTS, components);
}

/** The map an ancestor provided, if any (in `setup()`). */
export function providedComponents(): ComponentMap | undefined {
  return inject(COMPONENTS, undefined);
}

/** What the fallback receives for a name no registered component answers to. */
export interface FallbackProps {
  readonly name: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly node: ComponentNodeLike;
}
