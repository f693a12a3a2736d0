/**
 * Why a JSON Patch could not apply. The names are fast-json-patch's (what @ag-ui/client's warnings
 * carry, so logs read the same across both clients), plus `OPERATION_VALUE_TOO_DEEP`, Threadline's
 * own depth rule. Never thrown to applications: the folds turn it into a warning naming the
 * operation (`describePatchError`), and the patch is skipped whole.
 */
export type JsonPatchErrorName =
  | "SEQUENCE_NOT_AN_ARRAY"
  | "OPERATION_NOT_AN_OBJECT"
  | "OPERATION_OP_INVALID"
  | "OPERATION_PATH_INVALID"
  | "OPERATION_FROM_REQUIRED"
  | "OPERATION_VALUE_REQUIRED"
  | "OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED"
  | "OPERATION_PATH_CANNOT_ADD"
  | "OPERATION_PATH_UNRESOLVABLE"
  | "OPERATION_FROM_UNRESOLVABLE"
  | "OPERATION_PATH_ILLEGAL_ARRAY_INDEX"
  | "OPERATION_VALUE_OUT_OF_BOUNDS"
  | "TEST_OPERATION_FAILED"
  | "OPERATION_VALUE_TOO_DEEP";

export class JsonPatchError extends Error {
  /** Which rule the operation broke (also `error.name`, which warnings quote). */
  declare readonly name: JsonPatchErrorName;
  /** The failed operation's index in the patch, and the operation as it arrived. */
  readonly index: number | undefined;
  readonly operation: unknown;

  constructor(message: string, name: JsonPatchErrorName, index?: number, operation?: unknown) {
    super(message);
    this.name = name;
    this.index = index;
    this.operation = operation;
  }
}
