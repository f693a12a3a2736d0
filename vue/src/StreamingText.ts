import { subscribeText, type MessageNode } from "@threadline/core";
import { type TextSink } from "@threadline/core/model";
import { defineComponent, h, onBeforeUnmount, onMounted, shallowRef, watch, type PropType } from "vue";
import { NotAMessageError } from "./errors.js";

/**
 * A message's streaming text outside Vue's render: `<StreamingText :node="message" />` renders a
 * `<span>` (or `tag`) with the text as it is now — which is what the server sends — then, once
 * mounted, owns one Text node in it and appends each token with `appendData(delta)`. A token
 * costs its own length, not the message's, and re-renders no component. A snapshot or a
 * replaced text sets the node's `data`; a new `node` prop switches to that message.
 */
export const StreamingText = defineComponent({
  name: "StreamingText",
  props: {
    node: { type: Object as PropType<MessageNode>, required: true },
    tag: { type: String, default: "span" },
  },
  setup(props) {
    const element = shallowRef<HTMLElement>();
    // Read once, subscribed to nothing: the server render and the first paint. The render never
    // reads the text again, so Vue leaves the element's content to us after mount.
    const initial = currentText(checked(props.node));
    let stop: (() => void) | undefined;
    let text: Text | undefined;
    const sink: TextSink = {
      reset: (value) => {
        text!.data = value;
      },
      append: (delta) => {
        text!.appendData(delta);
      },
    };
    onMounted(() => {
      const host = element.value!;
      text = host.ownerDocument.createTextNode("");
      host.replaceChildren(text);
      stop = subscribeText(checked(props.node), sink);
    });
    watch(
      () => props.node,
      (next) => {
        if (text === undefined) return; // not mounted yet (or on the server): onMounted subscribes
        stop?.();
        stop = subscribeText(checked(next), sink);
      },
    );
    onBeforeUnmount(() => {
      stop?.();
      stop = undefined;
    });
    return () => h(props.tag, { ref: element }, initial);
  },
});

function currentText(node: MessageNode): string {
  let value = "";
  subscribeText(node, {
    reset: (text) => {
      value = text;
    },
    append: (delta) => {
      value += delta;
    },
  })();
  return value;
}

function checked(node: MessageNode): MessageNode {
  const content = (node as { content?: { subscribe?: unknown } } | null | undefined)?.content;
  if (typeof content?.subscribe !== "function") throw new NotAMessageError("<StreamingText>", node);
  return node;
}
