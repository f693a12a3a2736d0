import type { CodeBlockProps, ComponentMount, ImageProps, LinkProps, MarkdownComponents } from "@threadline/core/markdown";
import { mount, unmount, type Component } from "svelte";

/** Svelte components that draw code blocks, links and images inside `<StreamingMarkdown>`. */
export interface MarkdownComponentMap {
  readonly code?: Component<CodeBlockProps>;
  readonly link?: Component<LinkProps>;
  readonly image?: Component<ImageProps>;
}

/**
 * Core's mount functions over Svelte components: each is mounted into the host element core
 * made for it, with reactive props that core's updates write, and the contexts of the
 * `<StreamingMarkdown>` around it (so a component can read the app's contexts).
 */
export function markdownComponents(map: MarkdownComponentMap | undefined, context: Map<unknown, unknown>): MarkdownComponents {
  if (map === undefined) return {};
  const out: { -readonly [K in keyof MarkdownComponents]: MarkdownComponents[K] } = {};
  if (map.code) out.code = mountOf(map.code, context);
  if (map.link) out.link = mountOf(map.link, context);
  if (map.image) out.image = mountOf(map.image, context);
  return out;
}

function mountOf<P extends object>(component: Component<P>, context: Map<unknown, unknown>): ComponentMount<P> {
  return (host, props) => {
    const state = $state({ ...props });
    const instance = mount(component, { target: host, props: state, context });
    return {
      update: (next) => {
        Object.assign(state, next);
      },
      destroy: () => {
        void unmount(instance);
      },
    };
  };
}
