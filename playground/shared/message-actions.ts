// What the message actions of both apps share: copying (a message's text, one code block),
// finding a message's code blocks, and whether a message continues its sender's run of messages
// (then it shows no avatar of its own).
import type { MessageNode } from "@threadline/core";
import { marked, type Token } from "marked";

/** Writes `text` to the clipboard; false when the browser refused (no permission, no focus). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea and the copy command.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}

/** The fenced and indented code blocks of a markdown text, in order (through marked's lexer). */
export function codeBlocks(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === "code") found.push((token as { text: string }).text);
      const nested = (token as { tokens?: Token[] }).tokens;
      if (nested !== undefined) walk(nested);
      const items = (token as { items?: { tokens?: Token[] }[] }).items;
      if (items !== undefined) for (const item of items) if (item.tokens) walk(item.tokens);
    }
  };
  walk(marked.lexer(markdown));
  return found;
}

/** The side a message is drawn on: the user's, or the agent's (assistant, reasoning, activity). */
function sideOf(node: MessageNode): "user" | "agent" | undefined {
  if (node.role === "user") return "user";
  return node.role === "assistant" || node.role === "reasoning" || node.role === "activity" ? "agent" : undefined;
}

/**
 * The ids of visible messages that follow a visible message from the same side (tool, system
 * and developer messages are not drawn, so they do not break a run): those show no avatar.
 * O(messages), once per change of the list.
 */
export function continuations(messages: readonly MessageNode[]): ReadonlySet<string> {
  const out = new Set<string>();
  let previous: "user" | "agent" | undefined;
  for (const node of messages) {
    const side = sideOf(node);
    if (side === undefined) continue;
    if (side === previous) out.add(node.id);
    previous = side;
  }
  return out;
}

/**
 * One answer of the agent: its drawn messages (assistant, reasoning, activity) between two user
 * messages. The answer gets one row of actions, after its last message: copy, regenerate, and
 * the branch picker (core gives every message of a regenerated answer its fork).
 */
export interface Answer {
  /** The drawn messages of the answer, in order. */
  readonly messages: readonly MessageNode[];
  /** The last of them: the row follows it, and regenerate and the picker name it. */
  readonly end: MessageNode;
  /** Whether a user message comes before it (else there is no question to ask again). */
  readonly replies: boolean;
  /** Whether it is the last answer of the list (a run may still be writing it). */
  readonly last: boolean;
}

/** The answers of `messages` by the id of their last drawn message. O(messages), once per change of the list. */
export function answersByEnd(messages: readonly MessageNode[]): ReadonlyMap<string, Answer> {
  const out = new Map<string, Answer>();
  let current: MessageNode[] = [];
  let replies = false;
  let latest: Answer | undefined;
  const close = () => {
    if (current.length === 0) return;
    const end = current[current.length - 1]!;
    latest = { messages: current, end, replies, last: false };
    out.set(end.id, latest);
    current = [];
  };
  let endsWithQuestion = false;
  for (const node of messages) {
    const side = sideOf(node);
    if (side === "user") {
      close();
      replies = true;
      endsWithQuestion = true;
    } else if (side === "agent") {
      current.push(node);
      endsWithQuestion = false;
    }
  }
  close();
  if (latest !== undefined && !endsWithQuestion) out.set(latest.end.id, { ...latest, last: true });
  return out;
}

/** What Copy copies for an answer: the text of its assistant messages, a blank line between them. */
export function answerText(answer: Answer): string {
  const texts: string[] = [];
  for (const node of answer.messages) {
    if (node.role !== "assistant") continue;
    const text = node.content.peek() ?? "";
    if (text.trim() !== "") texts.push(text);
  }
  return texts.join("\n\n");
}

/** "‹ 2/3 ›": the branch picker's position, for people (1-based). */
export function branchPosition(index: number, count: number): string {
  return `${index + 1}/${count}`;
}

/**
 * The tool calls of the last turn that wait for the user's approval (walking back from the end
 * to the last user message, so O(that turn)). Sending a message now would decline them.
 */
export function waitingApprovals(messages: readonly MessageNode[]): string[] {
  const names: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const node = messages[i]!;
    if (node.role === "user") break;
    if (node.role !== "assistant") continue;
    for (const call of node.toolCalls.peek()) if (call.status.peek() === "awaiting-approval") names.push(call.name.peek());
  }
  return names;
}
