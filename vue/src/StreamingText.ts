import { checkedMessage, type MessageNode } from "@threadline/core";
import { currentText } from "@threadline/core/model";
import { defineComponent, h, toRaw, withDirectives, type PropType } from "vue";
import { streamText } from "./stream-text.js";

/**
 * A message's streaming text outside Vue's render: `<StreamingText :node="message" />` renders a
 * `<span>` (or `tag`) with the text as it is now — which is what the server sends — then, once
 * mounted, the `streamText` directive owns one Text node in it and appends each token with
 * `appendData(delta)`. A token costs its own length, not the message's, and re-renders no
 * component. A snapshot or a replaced text sets the node's `data`; a new `node` prop switches to
 * that message. Kept small on purpose (no refs, no watcher): a long thread mounts one per message.
 */
export const StreamingText = defineComponent({
  name: "StreamingText",
  props: {
    node: { type: Object as PropType<MessageNode>, required: true },
    tag: { type: String, default: "span" },
  },
  setup(props) {
    return () => {
      // The text as it is at render time: what the server sends and the first paint; in the
      // browser the directive replaces it with its own Text node once mounted.
      // Raw: a node that came through a deep ref is a proxy, and reading the text through it
      // (subscribeText counts its subscribers on the node) would make this render track itself.
      const node = checkedMessage(toRaw(props.node), "<StreamingText>");
      return withDirectives(h(props.tag, null, currentText(node)), [[streamText, node]]);
    };
  },
});
