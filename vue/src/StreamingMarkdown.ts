import type { MessageNode } from "@threadline/core";
import { markdownHtml, streamMarkdown, type CodeBlockProps, type ComponentMount, type ImageProps, type LinkProps, type MarkdownComponents, type MarkdownOptions } from "@threadline/core/markdown";
import { defineComponent, h, onBeforeUnmount, onMounted, shallowRef, Teleport, toRaw, watch, type Component, type PropType, type ShallowRef } from "vue";

/** Vue components that draw code blocks, links and images inside `<StreamingMarkdown>`. */
export interface MarkdownComponentMap {
  readonly code?: Component<CodeBlockProps>;
  readonly link?: Component<LinkProps>;
  readonly image?: Component<ImageProps>;
}

/**
 * A message's markdown, streamed: `<StreamingMarkdown :node="message" />` renders a `<div>` with
 * the markdown as it is now (what the server sends), then, once mounted, hands the element to
 * core's `streamMarkdown` — finished blocks are drawn once and never touched, only the open block
 * is patched per token, and no Vue component re-renders. A new `node`, `options` or `components`
 * starts it again.
 */
export const StreamingMarkdown = defineComponent({
  name: "StreamingMarkdown",
  inheritAttrs: false,
  props: {
    node: { type: Object as PropType<MessageNode>, required: true },
    options: { type: Object as PropType<Omit<MarkdownOptions, "components">>, default: undefined },
    components: { type: Object as PropType<MarkdownComponentMap>, default: undefined },
  },
  setup(props, { attrs }) {
    const element = shallowRef<HTMLElement>();
    // Read once, subscribed to nothing: the server render and the first paint. Built from tokens
    // with everything escaped, so as safe as the DOM path; the render never changes it, so Vue
    // leaves the element's content to the stream after mount.
    const initial = markdownHtml(toRaw(props.node), props.options);
    // App components are teleported into the host elements core made for them, so they sit in
    // this component's tree: provides, the app context and devtools all reach them.
    const portals = shallowRef<readonly Portal[]>([]);
    let nextId = 0;
    const mountOf =
      <P extends object>(component: Component<P>): ComponentMount<P> =>
      (host, first) => {
        const portal: Portal = { id: nextId++, host, component: component as Component, props: shallowRef<object>(first) };
        portals.value = [...portals.value, portal];
        return {
          update: (next) => {
            portal.props.value = next;
          },
          destroy: () => {
            portals.value = portals.value.filter((p) => p !== portal);
          },
        };
      };
    const components = (): MarkdownComponents => {
      const map = props.components;
      const out: { -readonly [K in keyof MarkdownComponents]: MarkdownComponents[K] } = {};
      if (map?.code) out.code = mountOf(map.code);
      if (map?.link) out.link = mountOf(map.link);
      if (map?.image) out.image = mountOf(map.image);
      return out;
    };
    let stop: (() => void) | undefined;
    const start = () => {
      stop?.();
      const host = element.value!;
      host.replaceChildren();
      stop = streamMarkdown(host, toRaw(props.node), { ...props.options, components: components() });
    };
    onMounted(start);
    watch(
      () => [props.node, props.options, props.components],
      () => {
        if (element.value !== undefined) start();
      },
    );
    onBeforeUnmount(() => {
      stop?.();
      stop = undefined;
    });
    return () => [
      h("div", { ...attrs, ref: element, class: ["tl-markdown", attrs["class"]], innerHTML: initial }),
      ...portals.value.map((portal) => h(PortalView, { key: portal.id, portal })),
    ];
  },
});

interface Portal {
  readonly id: number;
  readonly host: HTMLElement;
  readonly component: Component;
  readonly props: ShallowRef<object>;
}

/** One app component in its host element; re-renders alone when core gives it new props. */
const PortalView = defineComponent({
  name: "StreamingMarkdownPortal",
  props: { portal: { type: Object as PropType<Portal>, required: true } },
  setup(props) {
    return () => h(Teleport, { to: props.portal.host }, [h(props.portal.component, { ...props.portal.props.value })]);
  },
});
