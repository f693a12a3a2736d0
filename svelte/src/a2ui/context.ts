import { getContext, hasContext, setContext, type Component } from "svelte";
import type { A2uiRenderContext, A2uiSurfaces, A2uiView } from "@threadline/core/a2ui";

/** What every A2UI component gets: its resolved view and where it renders. */
export interface A2uiComponentProps {
  readonly view: A2uiView;
  readonly context: A2uiRenderContext;
}

/** The app's own A2UI components by type name; they win over the basic catalog's of the same name. */
export type A2uiComponentMap = Readonly<Record<string, Component<A2uiComponentProps>>>;

interface Provided {
  readonly a2ui: A2uiSurfaces;
  readonly components: A2uiComponentMap;
}

const A2UI = Symbol("threadline.a2ui");

/** Shares the A2UI state and the app's components with every A2UI component below (during init). */
export function provideA2ui(a2ui: A2uiSurfaces, components: A2uiComponentMap = {}): void {
  setContext(A2UI, { a2ui, components } satisfies Provided);
}

/** What an ancestor provided (during init), if anything. */
export function injectA2ui(): Provided | undefined {
  return hasContext(A2UI) ? getContext<Provided>(A2UI) : undefined;
}
