// Bad input: typed errors with offsets, sticky after the first, raw text kept; big and deep input.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ThreadlineError } from "../../src/errors.js";
import { PartialJsonError } from "../../src/json/partial-json-error.js";
import { createPartialJsonParser, type PartialJsonParser } from "../../src/json/partial-json-parser.js";
import { createRandom, cut, jsonValue, writeJson } from "./json-text.js";

function errorOf(run: () => unknown): PartialJsonError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PartialJsonError);
    return error as PartialJsonError;
  }
  throw new Error("expected a PartialJsonError");
}

/** Feeds `text` one character at a time; returns the parser and the error it stopped with. */
function feed(text: string): { parser: PartialJsonParser; error: PartialJsonError } {
  const parser = createPartialJsonParser();
  const error = errorOf(() => {
    for (const ch of text) parser.push(ch);
    parser.end();
  });
  return { parser, error };
}

describe("invalid JSON", () => {
  test.each([
    ["not JSON at all", "hello", "UNEXPECTED_CHARACTER", 0],
    ["a second closing brace", '{"a":1}}', "UNEXPECTED_CHARACTER", 7],
    ["text after the value", '"done" x', "UNEXPECTED_CHARACTER", 7],
    ["a trailing comma in an array", "[1,]", "UNEXPECTED_CHARACTER", 3],
    ["a trailing comma in an object", '{"a":1,}', "UNEXPECTED_CHARACTER", 7],
    ["a missing colon", '{"a" 1}', "UNEXPECTED_CHARACTER", 5],
    ["a missing comma", "[1 2]", "UNEXPECTED_CHARACTER", 3],
    ["a key that is not a string", "{a:1}", "UNEXPECTED_CHARACTER", 1],
    ["a mismatched closer", '{"a":[1}', "UNEXPECTED_CHARACTER", 7],
    ["a leading zero", "[01]", "UNEXPECTED_CHARACTER", 2],
    ["a dot without digits", "[1.e5]", "UNEXPECTED_CHARACTER", 3],
    ["a lone minus", "[-]", "UNEXPECTED_CHARACTER", 2],
    ["an exponent without digits", "[1e]", "UNEXPECTED_CHARACTER", 3],
    ["a plus sign", "[+1]", "UNEXPECTED_CHARACTER", 1],
    ["a misspelt literal", "[trve]", "UNEXPECTED_CHARACTER", 3],
    ["a number glued to a letter", '{"n":12px}', "UNEXPECTED_CHARACTER", 7],
    ["single quotes", "['a']", "UNEXPECTED_CHARACTER", 1],
    ["a bad escape", '"a\\x"', "INVALID_ESCAPE", 3],
    ["a bad \\u escape", '"\\u12G4"', "INVALID_ESCAPE", 5],
    ["a raw newline in a string", '{"a":"line\nbreak"}', "CONTROL_CHARACTER", 10],
    ["a raw tab in a key", '{"a\tb":1}', "CONTROL_CHARACTER", 3],
    ["NaN", "[NaN]", "UNEXPECTED_CHARACTER", 1],
  ])("%s", (_name, text, code, offset) => {
    const { parser, error } = feed(text);
    expect(error.code).toBe(code);
    expect(error.offset).toBe(offset);
    expect(error).toBeInstanceOf(ThreadlineError);
    expect(error.message).toContain(`at offset ${offset}`);
    expect(parser.error).toBe(error);
    expect(() => JSON.parse(text)).toThrow(); // really invalid
  });

  test("what was read before the error is kept, and the error is sticky", () => {
    const parser = createPartialJsonParser();
    expect(parser.push('{"a":1,"b":"x')).toStrictEqual({ a: 1, b: "x" });
    const error = errorOf(() => parser.push('y"}}, "c": 2'));
    expect(error.message).toBe('Unexpected "}" after the end of the JSON value at offset 16');
    expect(parser.value).toStrictEqual({ a: 1, b: "xy" }); // the part of the delta before the error counts
    expect(parser.text).toBe('{"a":1,"b":"xy"}}, "c": 2');
    expect(errorOf(() => parser.push(" more"))).toBe(error);
    expect(errorOf(() => parser.write("!"))).toBe(error);
    expect(errorOf(() => parser.end())).toBe(error);
    expect(parser.text).toBe('{"a":1,"b":"xy"}}, "c": 2 more!'); // everything received is kept
  });

  test("a delta that is not a string is refused without breaking the parser", () => {
    const parser = createPartialJsonParser();
    parser.push('{"a":');
    const error = errorOf(() => parser.push(42 as unknown as string));
    expect(error.code).toBe("INVALID_DELTA");
    expect(parser.error).toBeUndefined();
    expect(parser.push("1}")).toStrictEqual({ a: 1 });
  });

  test("end() before the value is complete", () => {
    for (const text of ["", "  ", '{"a":1', '"open', "[1,", "tru", "-", "1."]) {
      const parser = createPartialJsonParser();
      parser.push(text);
      const error = errorOf(() => parser.end());
      expect(error.code).toBe("INCOMPLETE");
      expect(error.offset).toBe(text.length);
      expect(parser.error).toBeUndefined(); // not sticky: more text may still come
    }
    const number = createPartialJsonParser();
    number.push("-12.5");
    expect(number.end()).toBe(-12.5); // a top-level number is complete at the end of the text
  });

  test("fuzz: random edits of valid JSON are accepted exactly when JSON.parse accepts them", () => {
    const edit = fc.tuple(fc.nat(), fc.constantFrom("insert", "delete", "replace"), fc.constantFrom(..."{}[],:\"\\ -.0e1tfnu\n\u0001x"));
    fc.assert(
      fc.property(jsonValue, fc.nat(), fc.array(edit, { minLength: 1, maxLength: 3 }), (value, seed, edits) => {
        const random = createRandom(seed);
        let text = writeJson(value, random);
        for (const [at, kind, ch] of edits) {
          const i = text.length === 0 ? 0 : at % text.length;
          text = kind === "insert" ? text.slice(0, i) + ch + text.slice(i) : text.slice(0, i) + (kind === "replace" ? ch : "") + text.slice(i + 1);
        }
        let expected: { value: unknown } | undefined;
        try {
          expected = { value: JSON.parse(text) };
        } catch {
          expected = undefined;
        }
        const parser = createPartialJsonParser();
        let first: PartialJsonError | undefined;
        const attempt = (run: () => unknown): unknown => {
          try {
            return run();
          } catch (error) {
            if (!(error instanceof PartialJsonError)) throw error; // never anything but our error
            if (first !== undefined && error.code !== "INCOMPLETE") expect(error).toBe(first); // sticky
            first ??= error;
            return undefined;
          }
        };
        for (const delta of cut(text, random, 8)) attempt(() => parser.push(delta));
        const end = attempt(() => parser.end());
        const outcome = first ?? { value: end };
        if (expected === undefined) {
          expect(outcome).toBeInstanceOf(PartialJsonError);
        } else {
          expect(outcome).toStrictEqual(expected);
        }
        expect(parser.text).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});

describe("big and deep input", () => {
  const nested = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

  function depthOf(value: unknown): number {
    let depth = 0;
    while (Array.isArray(value)) {
      depth++;
      value = value[0];
    }
    return depth;
  }

  test("10,000 levels: a NESTING_TOO_DEEP error by default (1000), no stack overflow", () => {
    const parser = createPartialJsonParser();
    const error = errorOf(() => parser.push(nested(10_000)));
    expect(error.code).toBe("NESTING_TOO_DEEP");
    expect(error.offset).toBe(1000);
    expect(depthOf(parser.value)).toBe(1000);
  });

  test("10,000 levels within a raised maxDepth: the correct value, in one delta or one character at a time", () => {
    const text = nested(10_000);
    const whole = createPartialJsonParser({ maxDepth: 10_000 });
    whole.push(text);
    expect(depthOf(whole.end())).toBe(10_000);
    const byChar = createPartialJsonParser({ maxDepth: 10_000 });
    for (let i = 0; i < text.length; i++) byChar.push(text[i] as string);
    expect(depthOf(byChar.end())).toBe(10_000);
    const objects = createPartialJsonParser({ maxDepth: 10_000 });
    objects.push('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000));
    let value = objects.end();
    let depth = 0;
    while (typeof value === "object" && value !== null) {
      value = (value as { a: unknown }).a;
      depth++;
    }
    expect([depth, value]).toEqual([10_000, 1]);
  });

  test("a 10 MB string field, in one delta and in 64 KB deltas", () => {
    const body = "0123456789abcdef".repeat(10 * 1024 * 1024 / 16);
    const text = `{"body":"${body}","after":true}`;
    const whole = createPartialJsonParser();
    expect((whole.push(text) as { body: string }).body).toBe(body);
    const pieces = createPartialJsonParser();
    let last: unknown;
    for (let at = 0; at < text.length; at += 65_536) last = pieces.push(text.slice(at, at + 65_536));
    expect(last).toStrictEqual({ body, after: true });
    expect(pieces.stats.charsRead).toBe(text.length);
  });

  test("a number longer than maxNumberLength", () => {
    const parser = createPartialJsonParser({ maxNumberLength: 20 });
    parser.push('{"n":1234567890');
    const error = errorOf(() => parser.push("12345678901"));
    expect(error.code).toBe("NUMBER_TOO_LONG");
    expect(error.offset).toBe(5); // where the number starts
    const ok = createPartialJsonParser();
    expect(ok.push(`[${"9".repeat(400)}]`)).toStrictEqual([Number("9".repeat(400))]);
  });
});
