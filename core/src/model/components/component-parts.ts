import type { AssistantMessageNodeImpl } from "../messages/assistant-node.js";
import type { ToolCallNode } from "../types.js";
import type { ComponentNode, ComponentPart } from "./types.js";

// An assistant message's component parts, which only generative UI adds (so a chat without the
// plug-in carries none of this).

/**
 * A generative-UI component (Tambo) joins `owner`'s parts in arrival order, or at `at` (a component
 * read back from storage goes back where it stood among the parts).
 */
export function addComponentPart(owner: AssistantMessageNodeImpl, component: ComponentNode, at?: number): void {
  const part: ComponentPart = Object.freeze({ type: "component", component });
  const parts = owner.peekParts();
  if (at === undefined || at >= parts.length) {
    owner.setParts(Object.freeze([...parts, part]));
    return;
  }
  const next = parts.slice();
  next.splice(Math.max(0, at), 0, part);
  owner.setParts(Object.freeze(next));
}

/** Shows `call` as `component` (its tool is registered as renderable), in place. Idempotent. */
export function renderToolCallPart(owner: AssistantMessageNodeImpl, call: ToolCallNode, component: ComponentNode): void {
  const parts = owner.peekParts();
  // From the end: a call being registered is almost always the last part.
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (part.type === "text" || part.toolCall !== call) continue;
    if (part.type === "component") return;
    const next = parts.slice();
    next[i] = Object.freeze({ type: "component", component, toolCall: call });
    owner.setParts(Object.freeze(next));
    return;
  }
}
