import { DEV } from "esm-env";
import { JsonError, type JsonErrorCode } from "./errors.js";

/**
 * Why a streamed JSON text was rejected.
 * - `UNEXPECTED_CHARACTER`: a character that cannot appear here (including anything but
 *   whitespace after the complete top-level value, e.g. the second `}` of `{"a":1}}`).
 * - `INVALID_ESCAPE`: a backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
 * - `CONTROL_CHARACTER`: a raw character below U+0020 inside a string (JSON requires `\n` etc.).
 * - `NESTING_TOO_DEEP`: more open objects/arrays than the parser's `maxDepth`.
 * - `NUMBER_TOO_LONG`: a number literal longer than the parser's `maxNumberLength`.
 * - `INCOMPLETE`: `end()` was called before the value was complete.
 * - `INVALID_DELTA`: `push` was given something other than a string (not sticky).
 */
export type PartialJsonErrorCode = Exclude<JsonErrorCode, "CIRCULAR_VALUE">;

/** Streamed JSON text that is not (a prefix of) valid JSON. */
export class PartialJsonError extends JsonError {
  declare readonly code: PartialJsonErrorCode;
  /** Offset (in UTF-16 code units) of the offending character in the whole text received. */
  readonly offset: number;

  constructor(code: PartialJsonErrorCode, offset: number, message: string) {
    super(code, DEV ? `${message} at offset ${offset}` : "", { where: `offset ${offset}` });
    this.offset = offset;
  }
}

/** Describes a character for an error message: `"}"`, or `U+0007` when unprintable. */
export function describeChar(code: number): string {
  if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) {
    return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return JSON.stringify(String.fromCharCode(code));
}
