// How a tool card shows a call's arguments and its result, for people rather than as raw JSON:
// an object as its fields (name, then value); a field that is itself an object or a list as
// indented JSON, folded behind a one-line summary when it is large; a string as text. Both apps
// draw what `shownTool` returns.

/** One value as drawn. */
export type ShownValue =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "json"; readonly text: string; readonly folded: boolean; readonly summary: string };

export interface ToolField {
  readonly name: string;
  readonly value: ShownValue;
}

/** A whole argument object or result as drawn. */
export type ShownTool = { readonly kind: "fields"; readonly fields: readonly ToolField[] } | { readonly kind: "empty" } | ShownValue;

/** Past this many characters or lines, a structured value is folded (a `<details>`). */
const FOLD_CHARS = 240;
const FOLD_LINES = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "3 items", "5 fields": what a folded value says before it is opened. */
function summaryOf(value: object): string {
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  const noun = Array.isArray(value) ? "item" : "field";
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function shownValue(value: unknown): ShownValue {
  if (typeof value === "string") return { kind: "text", text: value };
  if (typeof value !== "object" || value === null) return { kind: "text", text: value === undefined ? "" : String(value) };
  const text = JSON.stringify(value, null, 2);
  const lines = text.split("\n").length;
  return { kind: "json", text, folded: text.length > FOLD_CHARS || lines > FOLD_LINES, summary: summaryOf(value) };
}

/**
 * A tool call's arguments or result as drawn. A result that is a JSON object in a string (what a
 * tool message carries) is read as the object.
 */
export function shownTool(value: unknown): ShownTool {
  let shown = value;
  if (typeof value === "string" && value.startsWith("{")) {
    try {
      shown = JSON.parse(value);
    } catch {
      // Not JSON after all: the text as it is.
    }
  }
  if (!isRecord(shown)) return shownValue(shown);
  const record = shown;
  const names = Object.keys(record);
  if (names.length === 0) return { kind: "empty" };
  return { kind: "fields", fields: names.map((name) => ({ name, value: shownValue(record[name]) })) };
}
