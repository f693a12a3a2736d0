// Every error and warning code in core/src is UPPER_SNAKE, so callers can branch on `error.code`
// with one convention. Reads the source: the codes passed to ThreadlineError constructors, the
// `code:` of warnings, `declare readonly code` unions and the `…Code` union types.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../src");
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

function sources(): { file: string; text: string }[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }));
}

/** Literals in the places a code is written. */
function codesIn(text: string): string[] {
  const found: string[] = [];
  const take = (pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  };
  take(/super\(\s*"([^"]*)"/g);
  take(/new ThreadlineError\(\s*"([^"]*)"/g);
  take(/\bcode: "([^"]*)"/g);
  for (const union of text.matchAll(/(?:declare readonly code: |type \w*Code =)([^;{]*);/g)) {
    // Line comments inside a union may quote words; they are not codes.
    for (const literal of union[1]!.replace(/\/\/.*$/gm, "").matchAll(/"([^"]*)"/g)) found.push(literal[1]!);
  }
  return found;
}

describe("error and warning codes", () => {
  it("are UPPER_SNAKE everywhere in core/src", () => {
    const all: string[] = [];
    const wrong: string[] = [];
    for (const { file, text } of sources()) {
      for (const code of codesIn(text)) {
        all.push(code);
        if (!UPPER_SNAKE.test(code)) wrong.push(`${file}: ${code}`);
      }
    }
    expect(wrong).toEqual([]);
    // The scan really finds the codes (guards against a pattern that matches nothing).
    expect(all).toEqual(expect.arrayContaining(["HTTP_STATUS", "UNEXPECTED_CHARACTER", "INVALID_INTERVAL", "RUN_IN_PROGRESS", "SSE_UNKNOWN_FIELD"]));
  });
});
