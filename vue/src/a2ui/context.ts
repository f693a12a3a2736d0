import { inject, provide, toRaw, type Component, type InjectionKey } from "vue";
import type { A2uiRenderContext, A2uiSurfaces, A2uiView } from "@threadline/core/a2ui";

/** What every A2UI component gets: its resolved view and where it renders. */
export interface A2uiComponentProps {
  readonly view: A2uiView;
  readonly context: A2uiRenderContext;
}

/** The app's own A2UI components by type name; they win over the basic catalog's of the same name. */
export type A2uiComponentMap = Readonly<Record<string, Component>>;

interface Provided {
  readonly a2ui: A2uiSurfaces;
  readonly components: A2uiComponentMap;
}

const A2UI: InjectionKey<Provided> = Symbol("threadline.a2ui");

/** Shares the A2UI state and the app's components with every A2UI component below (in setup). */
export function provideA2ui(a2ui: A2uiSurfaces, components: A2uiComponentMap = {}): void {
  // Raw: what came through reactive props is a proxy; core objects keep private fields, and components must not be reactive.
  provide(A2UI, { a2ui: toRaw(a2ui), components: toRaw(components) });
}

/** What an ancestor provided (in setup), if anything. */
export function injectA2ui(): Provided | undefined {
  return inject(A2UI, undefined);
}

/** The props every A2UI component declares. */
export const A2UI_COMPONENT_PROPS = {
  view: { type: Object as () => A2uiView, required: true },
  context: { type: Object as () => A2uiRenderContext, required: true },
} as const;
