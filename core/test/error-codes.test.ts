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
  // The one list of error codes (errors.ts), which the stages' code types are read from.
  const list = /export const errorCodes = \{([\s\S]*?)\} as const;/.exec(text);
  if (list !== null) for (const literal of list[1]!.replace(/\/\/.*$/gm, "").matchAll(/"([^"]*)"/g)) found.push(literal[1]!);
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

describe("the ErrorCode list", () => {
  it("lists every code once, under one stage", async () => {
    const { errorCodes, errorStage } = await import("../src/errors.js");
    const listed = Object.values(errorCodes).flat() as string[];
    expect(listed.length).toBe(new Set(listed).size);
    expect(errorStage("HTTP_STATUS")).toBe("transport");
    expect(errorStage("MALFORMED_PAYLOAD")).toBe("fold");
    expect(errorStage("NOT_A_CODE")).toBeUndefined();
  });

  it("holds every code an error is raised with in core/src", async () => {
    const { errorCodes } = await import("../src/errors.js");
    const listed = new Set<string>(Object.values(errorCodes).flat());
    const missing: string[] = [];
    for (const { file, text } of sources()) {
      // Error codes only: warnings (`code:` in a warning literal) have their own vocabulary.
      const used = [
        ...[...text.matchAll(/(?:super|new \w*Error)\(\s*"([^"]*)"/g)].map((m) => m[1]!).filter((code) => UPPER_SNAKE.test(code)),
        ...[...text.matchAll(/declare readonly code:((?:\s*\|?\s*"[A-Z0-9_]+")+);/g)].flatMap((m) => [...m[1]!.matchAll(/"([A-Z0-9_]+)"/g)].map((l) => l[1]!)),
      ];
      for (const code of used) if (!listed.has(code)) missing.push(`${file}: ${code}`);
    }
    expect(missing).toEqual([]);
  });

  it("ThreadlineError.from keeps a ThreadlineError and wraps anything else, saying where", async () => {
    const { ThreadlineError } = await import("../src/errors.js");
    const own = new ThreadlineError("INTERNAL_ERROR", "x");
    expect(ThreadlineError.from(own, "The run")).toBe(own);
    const wrapped = ThreadlineError.from(new TypeError("boom"), "The run");
    expect(wrapped).toMatchObject({ code: "INTERNAL_ERROR", message: "The run failed unexpectedly: TypeError: boom" });
    expect(wrapped.cause).toBeInstanceOf(TypeError);
  });
});

describe("the code list stays out of an app's bundle", () => {
  it("is no value of errors.ts (ThreadlineError's module) except as a re-export", () => {
    // Every stage's error class loads errors.ts; a value import of the list there (a static
    // `stageOf`, a table built at load) would put every code string in every app again.
    const text = readFileSync(join(SRC, "errors.ts"), "utf8");
    const valueImports = [...text.matchAll(/^import (?!type )[^;]*from "\.\/error-codes\.js";/gm)];
    expect(valueImports).toEqual([]);
    expect(text).toMatch(/^export \{ errorCodes, errorStage \} from "\.\/error-codes\.js";/m);
    expect(text).not.toMatch(/errorCodes\[|stageByCode/);
  });
});
