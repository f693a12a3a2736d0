import { type errorCodes, ThreadlineError } from "../errors.js";

/**
 * A JSON value Threadline was handed could not be used: streamed text that is not (a prefix of)
 * JSON (`PartialJsonError` carries the offset), or a value that refers back to itself
 * (`CircularValueError` carries the path). Catch this class and branch on `code`.
 */
export class JsonError extends ThreadlineError<JsonErrorCode> {}

export type JsonErrorCode = (typeof errorCodes.json)[number];
