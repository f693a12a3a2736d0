// What a tool card shows for arguments and results (shared/tool-values.ts): fields, not raw JSON;
// structured fields as indented JSON, folded when large; a string as text.
import { describe, expect, it } from "vitest";
import { shownTool, shownValue } from "../shared/tool-values.js";

describe("shownTool", () => {
  it("an object is its fields: text for strings, numbers and booleans, indented JSON for structures", () => {
    expect(shownTool({ path: "notes/a.md", force: true, size: 12, tags: ["x"], none: null })).toEqual({
      kind: "fields",
      fields: [
        { name: "path", value: { kind: "text", text: "notes/a.md" } },
        { name: "force", value: { kind: "text", text: "true" } },
        { name: "size", value: { kind: "text", text: "12" } },
        { name: "tags", value: { kind: "json", text: '[\n  "x"\n]', folded: false, summary: "1 item" } },
        { name: "none", value: { kind: "text", text: "null" } },
      ],
    });
  });

  it("a large structure is folded behind a summary", () => {
    const forecast = Array.from({ length: 5 }, (_, day) => ({ day, high: 20 + day, low: 10 + day }));
    const shown = shownValue(forecast);
    expect(shown).toMatchObject({ kind: "json", folded: true, summary: "5 items" });
    expect(JSON.parse((shown as { text: string }).text)).toEqual(forecast);
    expect(shownValue({ a: 1, b: 2 })).toMatchObject({ folded: false, summary: "2 fields" });
  });

  it("a result that is a JSON object in a string is read as the object; other strings are text", () => {
    expect(shownTool('{"city":"Lyon","temperature":18}')).toEqual({
      kind: "fields",
      fields: [
        { name: "city", value: { kind: "text", text: "Lyon" } },
        { name: "temperature", value: { kind: "text", text: "18" } },
      ],
    });
    expect(shownTool("Deleted notes/a.md.")).toEqual({ kind: "text", text: "Deleted notes/a.md." });
    expect(shownTool("{not json")).toEqual({ kind: "text", text: "{not json" });
    expect(shownTool([1, 2])).toMatchObject({ kind: "json", summary: "2 items" });
  });

  it("no arguments is empty, not {}", () => {
    expect(shownTool({})).toEqual({ kind: "empty" });
  });
});
