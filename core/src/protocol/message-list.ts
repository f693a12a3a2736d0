import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { message, MESSAGE_SHAPES } from "./message-shapes.js";
import { ShapeContext, ShapeViolation } from "./shape.js";

/** The roles of AG-UI messages. */
export const MESSAGE_ROLES: ReadonlySet<string> = new Set(Object.keys(MESSAGE_SHAPES));

/**
 * What is wrong with a list given as AG-UI messages, as a phrase about `messages` (the caller says
 * where it came from and what happens next), or undefined when every entry is an AG-UI message:
 * an object with a string `id` and a known `role`, whose fields hold what the protocol's message
 * shapes allow (the same check MESSAGES_SNAPSHOT gets). A thread makes nodes of these messages,
 * and a node reads its fields as the protocol types them, so a `content` of 5 or a tool call
 * without `function` must be named here rather than fail inside a node. Material the protocol
 * does not describe is not a problem: the nodes keep it as it is. In a production build the
 * problem is where alone (`messages`, `messages[3]`): still a non-empty string, so still the flag.
 */
export function messageListProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return DEV ? `\`messages\` must be an array of AG-UI messages, got ${describeValue(value)}` : "messages";
  const ctx = new ShapeContext();
  for (let i = 0; i < value.length; i++) {
    const m = value[i] as { id?: unknown; role?: unknown } | null;
    if (m === null || typeof m !== "object" || typeof m.id !== "string" || !MESSAGE_ROLES.has(m.role as string)) {
      return DEV ? `messages[${i}] is not an AG-UI message (it needs a string \`id\` and a known \`role\`)` : `messages[${i}]`;
    }
    try {
      message(m, "", i, ctx);
    } catch (error) {
      if (!(error instanceof ShapeViolation)) throw error;
      // The violation's path starts at the entry's index: `/3/toolCalls/0/function`.
      return DEV ? `messages[${i}] is not an AG-UI message: ${error.message}` : `messages[${i}]`;
    }
    ctx.notes.length = 0;
  }
  return undefined;
}
