// How many views follow a message's parts on the node (`subscribeParts`, kept in its rare record:
// the one follower itself, a list once there are more; core/src/model/views/views.ts).
import type { MessageNode } from "../../src/index.js";

export function partsFollowers(node: MessageNode | undefined): number {
  const kept = (node as unknown as { rare?: { partsFollowers?: unknown } } | undefined)?.rare?.partsFollowers;
  return kept === undefined ? 0 : Array.isArray(kept) ? kept.length : 1;
}
