import { DEV } from "esm-env";
import { type errorCodes, ThreadlineError } from "../../errors.js";
import { ModelError } from "../errors.js";

/**
 * A component whose stream went wrong; it sits on the node's `error` signal and the props keep
 * what arrived before.
 * - `COMPONENT_PATCH_FAILED`: a props or state patch could not apply (a `replace` of a missing
 *   key, a failed `test`…); the whole patch was skipped, so later props may lack that change.
 * - `COMPONENT_PATCH_FORBIDDEN`: a patch named `__proto__`, `constructor` or `prototype`; refused.
 * - `COMPONENT_CUT_OFF`: the run failed (RUN_ERROR, or the client rejected the stream) before
 *   the component ended.
 */
export type ComponentErrorCode = (typeof errorCodes.component)[number];

/**
 * The component stage's one class. `componentId` is the component's id; for a registry error
 * (`INVALID_COMPONENT`, `COMPONENT_ALREADY_REGISTERED`) there is no node yet and it is the name.
 */
export class ComponentError extends ThreadlineError<ComponentErrorCode> {
  readonly componentId: string;

  constructor(code: ComponentErrorCode, componentId: string, message: string, options?: { cause?: unknown }) {
    super(code, message, { cause: options?.cause, where: componentId });
    this.componentId = componentId;
  }
}

/**
 * `register` was called wrongly: `INVALID_COMPONENT` (an empty name, a definition that is not an
 * object, a `propsSchema` that is neither JSON Schema nor a Standard Schema with a JSON Schema
 * export) or `COMPONENT_ALREADY_REGISTERED`. Nothing is registered.
 */
export class ComponentRegistryError extends ComponentError {
  declare readonly code: "INVALID_COMPONENT" | "COMPONENT_ALREADY_REGISTERED";
  readonly componentName: string;

  constructor(code: "INVALID_COMPONENT" | "COMPONENT_ALREADY_REGISTERED", componentName: string, message: string) {
    super(code, componentName, message);
    this.componentName = componentName;
  }
}

/**
 * A thread store call that cannot be honoured: `INVALID_THREAD_ID` (not a non-empty string, or
 * the placeholder's id where a real thread is meant), `UNKNOWN_THREAD`, `STORE_DISPOSED`.
 */
export class ThreadStoreError extends ModelError {
  declare readonly code: "INVALID_THREAD_ID" | "UNKNOWN_THREAD" | "STORE_DISPOSED";

  /** `where` is the method called (`switchTo`), for a production build's message. */
  constructor(code: "INVALID_THREAD_ID" | "UNKNOWN_THREAD" | "STORE_DISPOSED", message: string, where?: string) {
    super(code, message, { where });
  }
}
