import { describeValue } from "../describe-value.js";

/** The roles of AG-UI messages. */
export const MESSAGE_ROLES: ReadonlySet<string> = new Set(["developer", "system", "assistant", "user", "tool", "activity", "reasoning"]);

/**
 * What is wrong with a list given as AG-UI messages, as a phrase about `messages` (the caller says
 * where it came from and what happens next), or undefined when every entry is an object with a
 * string `id` and a known `role` — what a thread needs to index the messages. The rest of a
 * message's shape is the pipeline's validation's business.
 */
export function messageListProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `\`messages\` must be an array of AG-UI messages, got ${describeValue(value)}`;
  for (let i = 0; i < value.length; i++) {
    const m = value[i] as { id?: unknown; role?: unknown } | null;
    if (m === null || typeof m !== "object" || typeof m.id !== "string" || !MESSAGE_ROLES.has(m.role as string)) {
      return `messages[${i}] is not an AG-UI message (it needs a string \`id\` and a known \`role\`)`;
    }
  }
  return undefined;
}

