import type { AssistantPart, MessageNode } from "../../model/types.js";
import { el, json, jsonBlock } from "./dom.js";
import type { ViewContext } from "./view-context.js";

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (content === undefined) return "";
  return json(content);
}

function partItem(part: AssistantPart): HTMLElement {
  switch (part.type) {
    case "text":
      return el("li", { class: "part" }, el("span", { class: "kind" }, "text"), " ", el("span", { class: "text" }, part.content.peek() ?? ""));
    case "tool-call": {
      const call = part.toolCall;
      return el(
        "li",
        { class: "part" },
        el("span", { class: "kind" }, "tool call"),
        " ",
        el("strong", {}, call.name.peek()),
        " ",
        el("span", { class: `badge status-${call.status.peek()}` }, call.status.peek()),
        el("pre", {}, call.argsText.peek()),
      );
    }
    case "component": {
      const component = part.component;
      return el(
        "li",
        { class: "part" },
        el("span", { class: "kind" }, "component"),
        " ",
        el("strong", {}, component.name),
        " ",
        el("span", { class: "badge" }, component.streaming.peek()),
        jsonBlock("props", component.props.peek()),
      );
    }
    default: {
      const unknown: never = part;
      return unknown;
    }
  }
}

function messageItem(node: MessageNode): HTMLElement {
  const head = el("div", { class: "message-head" }, el("span", { class: `role role-${node.role}` }, node.role), " ", el("code", {}, node.id));
  const item = el("li", { class: "message", "data-testid": "inspector-message", "data-role": node.role }, head);
  switch (node.role) {
    case "assistant": {
      const parts = node.parts.peek();
      if (node.streaming.peek()) head.append(" ", el("span", { class: "badge" }, "streaming"));
      item.append(parts.length === 0 ? el("p", { class: "muted" }, "(empty)") : el("ul", { class: "parts" }, ...parts.map(partItem)));
      return item;
    }
    case "tool":
      head.append(" → ", el("code", {}, node.toolCallId));
      item.append(el("p", { class: "text" }, textOf(node.content.peek())));
      return item;
    case "activity":
      head.append(" ", el("strong", {}, node.activityType.peek()));
      item.append(jsonBlock("content", node.content.peek()));
      return item;
    case "user":
    case "system":
    case "developer":
    case "reasoning":
      item.append(el("p", { class: "text" }, textOf(node.content.peek())));
      return item;
    default: {
      const unknown: never = node;
      return unknown;
    }
  }
}

/**
 * The messages at the cursor as a tree: each message, and an assistant's parts in arrival order;
 * then every generative-UI component as its snapshot.
 */
export function messagesView(ctx: ViewContext): HTMLElement {
  const nodes = ctx.thread.messages.peek();
  const components = ctx.snapshot.components;
  return el(
    "div",
    {},
    nodes.length === 0
      ? el("p", { class: "muted" }, "No message at this point.")
      : el("ol", { class: "messages", "data-testid": "inspector-messages" }, ...nodes.map(messageItem)),
    components.length === 0 ? null : jsonBlock(`Components (${components.length})`, components),
  );
}
