import { DEV } from "esm-env";
import type { MessageNode } from "@threadline/core";
import { checkedElementName, checkedMessage } from "@threadline/core/model";
import { h, toRaw, withDirectives, type FunctionalComponent } from "vue";
import { streamText } from "./stream-text.js";

export interface StreamingTextProps {
  readonly node: MessageNode;
  /**
   * The element the text goes in (`span` by default): the message's own element (`tag="li"`), so
   * that StreamingText adds none; other attributes fall through to it. Not an element name:
   * `BindingError` `NOT_AN_ELEMENT_NAME`.
   */
  readonly tag?: string;
}

/**
 * A message's streaming text outside Vue's render: `<StreamingText :node="message" />` is a
 * `<span>` (or `tag`) with the `streamText` directive, which gives it the text as it is now (on
 * the server too) and appends each token with `appendData(delta)`. A token costs its own length,
 * not the message's, and re-renders no component. A snapshot or a replaced text sets the node's
 * `data`; a new `node` prop switches to that message. The element has no children in Vue's eyes,
 * so no re-render touches the text. A functional component, which Vue still gives an instance:
 * in a template, `<p v-stream-text="node">` is the same element without it (docs/guide/vue.md).
 */
export const StreamingText: FunctionalComponent<StreamingTextProps> = (props) => {
  // Raw: a node that came through a deep ref is a proxy, and the node's private fields (its
  // content) cannot be read through one.
  const node = checkedMessage(toRaw(props.node), "<StreamingText>");
  return withDirectives(h(checkedElementName(props.tag ?? "span", "<StreamingText>")), [[streamText, node]]);
};
StreamingText.displayName = "StreamingText";
// Vue checks a prop's type and presence in development only, and `tag`'s default is applied above:
// a production build declares the names alone.
StreamingText.props = DEV ? { node: { type: Object, required: true }, tag: { type: String, default: "span" } } : ["node", "tag"];
