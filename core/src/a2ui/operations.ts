import { DEV } from "esm-env";

/**
 * The A2UI v0.9 server-to-client messages, as `@ag-ui/a2ui-middleware` carries them in an
 * `a2ui-surface` activity's content (`{ a2ui_operations: [...] }`; `{ operations: [...] }` is read
 * too), and the middleware's pre-paint lifecycle (`{ status: "building" | "retrying" | "failed" }`).
 */

/** The AG-UI activity type that carries A2UI surfaces. */
export const A2UI_ACTIVITY_TYPE = "a2ui-surface";

export interface A2uiCreateSurface {
  readonly surfaceId: string;
  readonly catalogId: string;
  readonly theme?: Readonly<Record<string, unknown>>;
  readonly sendDataModel?: boolean;
}

/** A component as the agent defines it: `id`, `component` (the type), and its properties beside them. */
export interface A2uiComponentMessage {
  readonly id: string;
  readonly component?: string;
  readonly [property: string]: unknown;
}

export type A2uiOperation =
  | { readonly kind: "createSurface"; readonly createSurface: A2uiCreateSurface }
  | { readonly kind: "updateComponents"; readonly surfaceId: string; readonly components: readonly unknown[] }
  | { readonly kind: "updateDataModel"; readonly surfaceId: string; readonly path: string; readonly value: unknown; readonly hasValue: boolean }
  | { readonly kind: "deleteSurface"; readonly surfaceId: string };

/** What the middleware shows before a surface paints (its content has no operations yet). */
export interface A2uiLifecycle {
  readonly status: "building" | "retrying" | "failed";
  /** Estimated tokens of the UI spec streamed so far (building). */
  readonly progressTokens?: number;
  readonly attempt?: number;
  readonly maxAttempts?: number;
  /** Why generation failed (failed). */
  readonly error?: string;
}

/** The operations an activity's content carries, or undefined when it carries none. */
export function operationsOf(content: unknown): readonly unknown[] | undefined {
  if (typeof content !== "object" || content === null) return undefined;
  const record = content as Record<string, unknown>;
  const list = Object.hasOwn(record, "a2ui_operations") ? record["a2ui_operations"] : record["operations"];
  return Array.isArray(list) ? list : undefined;
}

/** The middleware's lifecycle state in an activity's content, when that is what it holds. */
export function lifecycleOf(content: unknown): A2uiLifecycle | undefined {
  if (typeof content !== "object" || content === null || operationsOf(content) !== undefined) return undefined;
  const record = content as Record<string, unknown>;
  const status = record["status"];
  if (status !== "building" && status !== "retrying" && status !== "failed") return undefined;
  const number = (key: string) => (typeof record[key] === "number" ? { [key]: record[key] as number } : {});
  return {
    status,
    ...number("progressTokens"),
    ...number("attempt"),
    ...number("maxAttempts"),
    ...(typeof record["error"] === "string" ? { error: record["error"] } : {}),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 256;

/** One operation checked, or the sentence saying what is wrong with it ('' in a production build). */
export function readOperation(raw: unknown): A2uiOperation | string {
  if (!isRecord(raw)) return DEV ? "an operation must be an object" : "";
  const kinds = (["createSurface", "updateComponents", "updateDataModel", "deleteSurface"] as const).filter((k) => Object.hasOwn(raw, k));
  if (kinds.length !== 1) return DEV ? (kinds.length === 0 ? "no createSurface, updateComponents, updateDataModel or deleteSurface" : `more than one operation (${kinds.join(", ")})`) : "";
  const kind = kinds[0]!;
  const body = raw[kind];
  if (!isRecord(body)) return DEV ? `${kind} must be an object` : "";
  const surfaceId = body["surfaceId"];
  if (!isId(surfaceId)) return DEV ? `${kind}.surfaceId must be a non-empty string of at most 256 characters` : "";
  switch (kind) {
    case "createSurface": {
      const catalogId = body["catalogId"];
      if (typeof catalogId !== "string") return DEV ? "createSurface.catalogId must be a string" : "";
      const theme = body["theme"];
      if (theme !== undefined && !isRecord(theme)) return DEV ? "createSurface.theme must be an object" : "";
      return {
        kind,
        createSurface: {
          surfaceId,
          catalogId,
          ...(theme === undefined ? {} : { theme }),
          ...(body["sendDataModel"] === true ? { sendDataModel: true } : {}),
        },
      };
    }
    case "updateComponents": {
      const components = body["components"];
      if (!Array.isArray(components)) return DEV ? "updateComponents.components must be an array" : "";
      return { kind, surfaceId, components };
    }
    case "updateDataModel": {
      const path = body["path"] ?? "/";
      if (typeof path !== "string") return DEV ? "updateDataModel.path must be a string" : "";
      return { kind, surfaceId, path, value: body["value"], hasValue: Object.hasOwn(body, "value") };
    }
    case "deleteSurface":
      return { kind, surfaceId };
    default: {
      const never: never = kind;
      return never;
    }
  }
}
