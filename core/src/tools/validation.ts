import type { StandardIssue, StandardResult, StandardSchemaLike } from "./definition.js";

// Validating a call's arguments or a tool's output happens as the engine runs the tool; apart from
// the tool definitions the chat checks up front (definition.ts).

/** Runs a Standard Schema; resolves `{ value }` or `{ issues }` as one readable string. Never rejects. */
export async function validateWith(schema: StandardSchemaLike, value: unknown): Promise<{ ok: true; value: unknown } | { ok: false; problem: string }> {
  let result: StandardResult<unknown>;
  try {
    result = await schema["~standard"].validate(value);
  } catch (error) {
    return { ok: false, problem: `the validator threw: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (result.issues === undefined) return { ok: true, value: result.value };
  return { ok: false, problem: result.issues.map(describeIssue).join("; ") || "invalid" };
}

function describeIssue(issue: StandardIssue): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");
  return path === "" ? issue.message : `${path}: ${issue.message}`;
}
