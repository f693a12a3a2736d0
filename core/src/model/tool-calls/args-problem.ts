import { MAX_JSON_DEPTH } from "../../json/json-depth.js";

/**
 * What is wrong with a tool call's arguments, in words. Not a development-only sentence: it is also
 * what the agent reads in the call's error result, and the model corrects itself from it, so every
 * build sends the same text (a production build's short message would teach it nothing).
 */
export function argsProblem(code: "INVALID_TOOL_ARGS" | "TOOL_ARGS_TOO_DEEP" | "INCOMPLETE_TOOL_ARGS", cause: unknown): string {
  if (code === "INVALID_TOOL_ARGS") return `the arguments are not valid JSON${cause instanceof Error ? ` (${cause.message})` : ""}`;
  if (code === "TOOL_ARGS_TOO_DEEP") return `the arguments are valid JSON but nest more than ${MAX_JSON_DEPTH} objects/arrays deep, Threadline's limit (MAX_JSON_DEPTH)`;
  return "the run ended before TOOL_CALL_END";
}
