import { AgentHandlerError } from "./errors.js";

/** The longest thread or run id the handler accepts. */
export const MAX_ID_LENGTH = 128;

// Letters, digits and `- _ . : @ ~ + = /`: enough for UUIDs, ULIDs, prefixed and base64url ids,
// and nothing that can end a header, an SSE line (CR, LF) or a JSON string, so an id can be
// written into `id:` lines, headers and store keys as it is.
const ID = /^[A-Za-z0-9\-_.:@~+=/]+$/;

/** Whether `value` is a thread or run id the handler accepts. */
export function isValidId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && ID.test(value);
}

/**
 * Throws `ID_INVALID` (400) naming the field unless `value` is an acceptable id. Checked before
 * anything is stored or called, so a bad id costs the server nothing.
 */
export function checkId(field: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new AgentHandlerError("ID_INVALID", `'${field}' must be a string.`);
  }
  if (value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new AgentHandlerError("ID_INVALID", `'${field}' must be 1 to ${MAX_ID_LENGTH} characters long; it has ${value.length}.`);
  }
  if (!ID.test(value)) {
    throw new AgentHandlerError(
      "ID_INVALID",
      `'${field}' may hold only letters, digits and - _ . : @ ~ + = / (no spaces, no control characters).`,
    );
  }
  return value;
}
