import { copyJson, deepFreeze } from "../../json/json-value.js";
import type { ComponentNode, ComponentSnapshot } from "./types.js";

/** A plain, deep-frozen copy of a component node at this moment (for persistence, tests, logs). */
export function componentSnapshot(node: ComponentNode): ComponentSnapshot {
  const error = node.error.peek();
  return deepFreeze({
    id: node.id,
    name: node.name,
    source: node.source,
    messageId: node.messageId,
    // Copied: props and state are published unfrozen, and freezing them would slow later patches.
    props: copyJson(node.props.peek()),
    state: copyJson(node.state.peek()),
    streaming: node.streaming.peek(),
    propStatus: { ...node.propStatus.peek() },
    error: error === undefined ? undefined : { code: error.code, message: error.message },
  });
}
