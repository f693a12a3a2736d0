import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { MAX_JSON_DEPTH } from "../json/json-depth.js";
import { deeperThan } from "../json/deeper-than.js";
import { shortPointer } from "../json/short-pointer.js";
import type { WarningHandler } from "../errors.js";
import { EVENT_SHAPES } from "./event-shapes.js";
import type { IncomingEvent } from "./legacy-events.js";
import { protocolError, type StreamPosition } from "./protocol-error.js";
import { reportWarning } from "./protocol-warning.js";
import { isPlainObject, judgeObject, ShapeContext, ShapeViolation, UNRECOGNISED, type Check, type ObjectShape, type ShapeNote } from "./shape.js";

/** What the legacy plug-in adds to validation: the retired event shapes, the retired binary part. */
export interface RetiredShapes {
  readonly shapes: ReadonlyMap<string, ObjectShape>;
  readonly binaryPart: Check;
}

/**
 * The part of a zod schema Threadline uses: pass `EventSchemas` from `@ag-ui/core/schemas`
 * (which needs zod installed) to have every value judged by the reference schemas.
 */
export interface EventSchemaValidator {
  safeParse(value: unknown):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }> } };
}

/**
 * Validation, the first stage: one raw event in, the event to process (the same object when
 * nothing had to be removed, a trimmed copy otherwise) or `undefined` when it is dropped.
 * Throws a ProtocolError for a malformed event.
 *
 * With `schemas`, the hand-written table still removes unrecognised material (the zod schemas
 * keep unknown keys, and the spec requires them gone), but every value is judged by zod.
 */
export function createEventValidator(
  position: StreamPosition,
  onWarning: WarningHandler,
  schemas?: EventSchemaValidator,
  legacy?: RetiredShapes,
): (raw: unknown) => IncomingEvent | undefined {
  const ctx = new ShapeContext();
  ctx.judge = schemas === undefined;
  ctx.binaryPart = legacy?.binaryPart;
  const nonFinite = (type: string, pointer: string): void =>
    reportWarning(
      onWarning,
      "NUMBER_NOT_FINITE",
      DEV
        ? `${type}: the number at ${pointer} is not finite (a literal beyond what a double holds, like 1e400, parses to ` +
            "Infinity); it is kept, but JSON cannot carry it, so it goes back to the agent (and to storage) as null"
        : "",
      position,
    );

  // One callback for every event (not a closure per event): it reads the type being checked.
  let checking = "";
  const onNonFinite = (pointer: string): void => nonFinite(checking, pointer);

  return (raw) => {
    if (!isPlainObject(raw)) {
      throw protocolError("MALFORMED_EVENT", DEV ? `An event must be a JSON object, but this one is ${describeValue(raw)}.` : "", position);
    }
    const type = raw.type;
    if (typeof type !== "string") {
      throw protocolError("MALFORMED_EVENT", DEV ? "An event must carry a string `type`, and this one does not." : "", position);
    }
    // First, so that nothing after it (the shape checks, the fold's copies, sending the state
    // back) ever walks a value deep enough to overflow the stack.
    checking = type;
    const tooDeep = deeperThan(raw, MAX_JSON_DEPTH, onNonFinite);
    if (tooDeep !== undefined) {
      throw protocolError(
        "EVENT_TOO_DEEP",
        DEV
          ? `${type}: ${shortPointer(tooDeep)} nests more than ${MAX_JSON_DEPTH} objects/arrays deep (counting the event itself), ` +
              "Threadline's limit (MAX_JSON_DEPTH); the event was refused."
          : "",
        position,
      );
    }
    // The plug-in's table is asked only for a type the current one lacks: one lookup per event.
    let shape = EVENT_SHAPES.get(type);
    const retired = shape === undefined;
    if (retired) shape = legacy?.shapes.get(type);
    if (shape === undefined) {
      reportWarning(
        onWarning,
        "UNKNOWN_EVENT_DROPPED",
        DEV
          ? `Dropped an event of unknown type '${type}': this protocol version does not describe it` +
              (type.startsWith("THINKING_") ? " (a retired one, which `legacy: legacyProtocol()` translates)" : "")
          : "",
        position,
      );
      return undefined;
    }

    if (ctx.notes.length !== 0) ctx.notes.length = 0;
    let checked: unknown;
    try {
      checked = judgeObject(raw, shape, "", undefined, ctx);
    } catch (error) {
      if (!(error instanceof ShapeViolation)) throw error;
      throw protocolError(error.missing ? "MISSING_FIELD" : "MALFORMED_FIELD", DEV ? `${type}: ${error.message}.` : "", position);
    }
    if (ctx.notes.length !== 0) reportNotes(type, ctx.notes, checked === UNRECOGNISED, onWarning, position);
    if (checked === UNRECOGNISED) return undefined;

    if (schemas !== undefined && !retired) {
      const verdict = schemas.safeParse(checked);
      if (!verdict.success) {
        const issue = verdict.error.issues[0];
        throw protocolError(
          issue !== undefined && valueAt(checked, issue.path) === undefined ? "MISSING_FIELD" : "MALFORMED_FIELD",
          DEV ? `${type}: field ${issue === undefined ? "(the event)" : issue.path.map((key) => `/${String(key)}`).join("") || "(the event)"}: ${issue?.message ?? "rejected by the schema"}.` : "",
          position,
        );
      }
    }
    return checked as IncomingEvent;
  };
}

function reportNotes(
  type: string,
  notes: readonly ShapeNote[],
  eventDropped: boolean,
  onWarning: WarningHandler,
  position: StreamPosition,
): void {
  for (const note of notes) {
    switch (note.kind) {
      case "unknown-property":
        reportWarning(onWarning, "UNKNOWN_PROPERTY_STRIPPED", DEV ? `Stripped the unknown property ${note.path} from ${type}` : "", position);
        break;
      case "legacy-null":
        reportWarning(
          onWarning,
          "LEGACY_NULL_OMITTED",
          DEV ? `Read ${note.path}: null on ${type} as absent (optional fields are omitted, not null, since AG-UI 1.0)` : "",
          position,
        );
        break;
      case "malformed-usage":
        reportWarning(
          onWarning,
          "MALFORMED_USAGE_DROPPED",
          DEV ? `Dropped the token-usage entry ${note.path} of ${type}: ${note.detail ?? "malformed"}; the rest of the event is kept` : "",
          position,
        );
        break;
      case "legacy-upgrade":
        reportWarning(
          onWarning,
          "LEGACY_BINARY_CONTENT_UPGRADED",
          DEV ? `Upgraded the retired binary content part at ${note.path} of ${type} to a media part (binary parts left the protocol after 0.0.47)` : "",
          position,
        );
        break;
      case "unrecognised-member":
        if (eventDropped) {
          reportWarning(
            onWarning,
            "UNRECOGNISED_EVENT_DROPPED",
            DEV ? `Dropped ${type}: its required field ${note.path} holds a kind this protocol version does not describe` : "",
            position,
          );
        } else {
          reportWarning(
            onWarning,
            "UNRECOGNISED_VALUE_STRIPPED",
            DEV ? `Removed ${note.path} from ${type}: it holds a kind this protocol version does not describe` : "",
            position,
          );
        }
        break;
      default: {
        const unreported: never = note.kind;
        throw new Error(DEV ? `unhandled shape note ${String(unreported)}` : String(unreported));
      }
    }
  }
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
