// JSON as it streams: incremental partial-JSON parsing, strict-mode null removal, the cycle check.
export { createPartialJsonParser } from "./partial-json-parser.js";
export type { PartialJsonParser, PartialJsonOptions, PartialJsonStats } from "./partial-json-parser.js";
export { PartialJsonError } from "./partial-json-error.js";
export type { PartialJsonErrorCode } from "./partial-json-error.js";
export type { TopLevelFields, FieldStatus } from "./top-level-fields.js";
export { undoStrictMode, createStrictModeUndo } from "./strict-mode.js";
export { CircularValueError } from "./circular-value-error.js";
export { JsonDepthError, MAX_JSON_DEPTH } from "./json-depth.js";
export { JsonError } from "./errors.js";
export type { JsonErrorCode } from "./errors.js";
