// The parser's value after every delta equals partial-json's parse of the text so far.
import fc from "fast-check";
import { Allow, parse } from "partial-json";
import { describe, expect, test } from "vitest";
import { createPartialJsonParser } from "../../src/json/partial-json-parser.js";
import { createRandom, cut, jsonValue, writeJson } from "./json-text.js";

/** partial-json's reading of a prefix; it throws for "" and for a few cut top-level numbers. */
function oracle(prefix: string): unknown {
  try {
    return parse(prefix, Allow.ALL);
  } catch {
    return undefined; // our parser shows "no value yet" there
  }
}

function expectMatchesOracle(text: string, deltas: readonly string[]): void {
  const parser = createPartialJsonParser();
  let prefix = "";
  for (const delta of deltas) {
    prefix += delta;
    const value = parser.push(delta);
    expect(value, `after ${JSON.stringify(prefix)}`).toStrictEqual(oracle(prefix));
    expect(parser.value).toBe(value);
  }
  expect(parser.text).toBe(text);
  expect(parser.end()).toStrictEqual(JSON.parse(text));
}

describe("partial-json parity", () => {
  test("every prefix of random JSON, one character at a time", () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(), (value, seed) => {
        const text = writeJson(value, createRandom(seed));
        expectMatchesOracle(text, [...text].flatMap((ch) => (ch.length === 2 ? [ch[0]!, ch[1]!] : [ch])));
      }),
      { numRuns: 300 },
    );
  });

  test("random JSON fed in random delta sizes (surrogate pairs and escapes split anywhere)", () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(), fc.integer({ min: 1, max: 12 }), (value, seed, maxSize) => {
        const random = createRandom(seed);
        const text = writeJson(value, random);
        expectMatchesOracle(text, cut(text, random, maxSize));
      }),
      { numRuns: 400 },
    );
  });

  test.each([
    ["partial numbers", '{"a":-1.5e+3,"b":[0,-0,1E5,2e-2,12.75]}'],
    ["partial literals", '[true,false,null,{"t":true,"f":false,"n":null}]'],
    ["dangling keys", '{"first":{"inner":"x"},"second":[1,{"deep":{}}],"third":"y"}'],
    ["unicode escapes and surrogates", '["\\u00e9\\u00E9","\\ud83d\\ude00","\\ud800 lone","😀 raw","\\\\u0041"]'],
    ["escapes of every kind", '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000"'],
    ["whitespace everywhere", ' \n{ "a" :\t[ 1 , 2 ] ,\r\n "b" : { } }  '],
    ["a top-level number", "-12.5e-3"],
    ["a top-level string", '"hello \\u0041 world"'],
  ])("%s: every prefix", (_name, text) => {
    expectMatchesOracle(text, [...text]);
  });

  test("partial-json's quirks we reproduce on purpose", () => {
    const cases: Array<[string, unknown]> = [
      ["", undefined],
      ["  ", undefined],
      ["-", undefined],
      ["1.", undefined],
      ["1e", 1],
      ["1E", undefined], // partial-json only falls back on a lowercase "e"
      ["[1.5E+", []],
      ["[1.5e+", [1.5]],
      ['{"a":1,"a":-', { a: 1 }], // a duplicate key keeps its earlier value while the new one is absent
      ['{"a":"x\\u00', { a: "x" }],
      ['"\\ud83d', "\ud83d"],
      ['{"ab', {}],
      ['{"a":', {}],
      ["[t", [true]],
      // partial-json trims its input, so raw trailing spaces of a cut string are not shown yet
      ['"hello ', "hello"],
      ['["a\u3000 ', ["a"]],
      ['"a \\', "a "], // ...but they are when an escape follows them
      ['"a\\u0020', "a "], // and an escaped space is not trimmed
    ];
    for (const [text, expected] of cases) {
      expect(oracle(text), `oracle ${text}`).toStrictEqual(expected);
      const parser = createPartialJsonParser();
      expect(parser.push(text), text).toStrictEqual(expected);
    }
  });

  test("every code unit after a cut string is trimmed exactly as partial-json trims", () => {
    for (let c = 0x20; c <= 0xffff; c++) {
      if (c === 0x22 || c === 0x5c) continue;
      const text = '{"k":"a' + String.fromCharCode(c);
      expect(createPartialJsonParser().push(text)).toStrictEqual(oracle(text));
    }
  });

  test('empty arrays with whitespace inside: correct here, where partial-json drops what follows "[ ]"', () => {
    const text = '{"a":[ ],"b":[ [\n] , 1]}';
    expect(oracle(text)).toStrictEqual({ a: [] }); // partial-json loses "b"
    const parser = createPartialJsonParser();
    for (const ch of text) parser.push(ch);
    expect(parser.value).toStrictEqual({ a: [], b: [[], 1] });
    expect(parser.end()).toStrictEqual(JSON.parse(text));
  });

  test('"__proto__" becomes an own key, as with JSON.parse (partial-json would set the prototype)', () => {
    const text = '{"__proto__":{"polluted":true},"b":1}';
    const parser = createPartialJsonParser();
    for (const ch of text) parser.push(ch);
    const value = parser.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "b"]);
    expect(value).toStrictEqual(JSON.parse(text));
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});
