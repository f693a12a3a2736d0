import type { ThreadlineWarning } from "../errors.js";

/**
 * What an A2UI surface can warn about. Every one is recoverable: the operation, component, binding
 * or URL named is dropped (or rendered as the fallback) and the rest of the surface keeps working.
 */
export type A2uiWarningCode =
  /** An operation that is not one of createSurface / updateComponents / updateDataModel / deleteSurface, or has the wrong shape. */
  | "A2UI_MALFORMED_OPERATION"
  /** An operation for a surface that was never created (or was deleted). */
  | "A2UI_UNKNOWN_SURFACE"
  /** createSurface for a surface id another message already created: the newer one replaces it. */
  | "A2UI_SURFACE_EXISTS"
  /** A catalog id this renderer does not know; the surface still renders what it can. */
  | "A2UI_UNKNOWN_CATALOG"
  /** A component type neither the basic catalog nor the app registered: the fallback renders. */
  | "A2UI_UNKNOWN_COMPONENT"
  /** A data path with a `__proto__`, `constructor` or `prototype` segment: refused. */
  | "A2UI_FORBIDDEN_PATH"
  /** A write through a primitive (`/name/first` where `/name` is a string): refused. */
  | "A2UI_DATA_PATH_CONFLICT"
  /** Past one of `A2uiLimits` (components per surface, data depth, render depth, surfaces): the excess is dropped. */
  | "A2UI_LIMIT_EXCEEDED"
  /** A URL with a protocol the policy refuses (`javascript:`, `data:`…) in an image, media source or openUrl. */
  | "A2UI_UNSAFE_URL"
  /** A function call (`{ call }`) to a function the catalog does not have. */
  | "A2UI_UNKNOWN_FUNCTION"
  /** A component that contains itself (a child id naming an ancestor): the repeat renders the fallback. */
  | "A2UI_CYCLE";

export interface A2uiWarning extends ThreadlineWarning {
  readonly code: A2uiWarningCode;
  readonly surfaceId?: string;
  readonly componentId?: string;
  /** The data path, for the data-model warnings. */
  readonly path?: string;
}

/** Bounds on what an agent can make a page hold or walk. Every one has a default (`A2UI_LIMITS`). */
export interface A2uiLimits {
  /** Surfaces alive at once in one `A2uiSurfaces` (default 100). */
  readonly liveSurfaces: number;
  /** Components one surface may define (default 5,000); the ones past it are dropped. */
  readonly componentsPerSurface: number;
  /** How deep a data-model value, or a data path, may nest (default 64 levels). */
  readonly dataDepth: number;
  /** How deep components may nest when rendered (default 64); deeper renders the fallback. */
  readonly renderDepth: number;
  /** Items a template (ChildList `{ componentId, path }`) renders at most (default 1,000). */
  readonly templateItems: number;
}

export const A2UI_LIMITS: A2uiLimits = Object.freeze({
  liveSurfaces: 100,
  componentsPerSurface: 5000,
  dataDepth: 64,
  renderDepth: 64,
  templateItems: 1000,
});
