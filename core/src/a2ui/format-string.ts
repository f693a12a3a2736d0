import type { A2uiFunctionContext } from "./functions.js";

/**
 * The basic catalog's `formatString`: `${/absolute/path}`, `${relative/path}` and
 * `${name(arg:value, …)}` are replaced by their values; `\${` is a literal `${`. An argument value
 * is a quoted string ('…' or "…"), a number, true/false/null, a nested `${…}` or a path.
 * Nothing is evaluated as code; an expression that does not parse is kept as written.
 */
export function formatString(template: string, context: A2uiFunctionContext): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    if (template.startsWith("\\${", i)) {
      out += "${";
      i += 3;
      continue;
    }
    if (template.startsWith("${", i)) {
      const parsed = parseExpression(template, i + 2, context);
      if (parsed !== undefined && template[parsed.end] === "}") {
        out += show(parsed.value);
        i = parsed.end + 1;
        continue;
      }
    }
    out += template[i];
    i++;
  }
  return out;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

interface Parsed {
  readonly value: unknown;
  readonly end: number;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const PATH = /[^}\s,()]+/y;
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

/** An expression starting at `at` (after `${`): a call or a path; `end` is where it stops. */
function parseExpression(source: string, at: number, context: A2uiFunctionContext, depth = 0): Parsed | undefined {
  if (depth > 16) return undefined;
  const start = skip(source, at);
  NAME.lastIndex = start;
  const name = NAME.exec(source);
  if (name !== null && source[start + name[0].length] === "(") {
    const args: Record<string, unknown> = {};
    let i = skip(source, start + name[0].length + 1);
    while (source[i] !== ")") {
      NAME.lastIndex = i;
      const key = NAME.exec(source);
      if (key === null) return undefined;
      i = skip(source, i + key[0].length);
      if (source[i] !== ":") return undefined;
      const value = parseValue(source, skip(source, i + 1), context, depth);
      if (value === undefined) return undefined;
      Object.defineProperty(args, key[0], { value: value.value, enumerable: true, writable: true, configurable: true });
      i = skip(source, value.end);
      if (source[i] === ",") i = skip(source, i + 1);
      else if (source[i] !== ")") return undefined;
    }
    return { value: context.call(name[0], args), end: skip(source, i + 1) };
  }
  PATH.lastIndex = start;
  const path = PATH.exec(source);
  if (path === null) return undefined;
  return { value: context.read(path[0]), end: skip(source, start + path[0].length) };
}

function parseValue(source: string, at: number, context: A2uiFunctionContext, depth: number): Parsed | undefined {
  const quote = source[at];
  if (quote === "'" || quote === '"') {
    const close = source.indexOf(quote, at + 1);
    return close === -1 ? undefined : { value: source.slice(at + 1, close), end: close + 1 };
  }
  if (source.startsWith("${", at)) {
    const inner = parseExpression(source, at + 2, context, depth + 1);
    return inner === undefined || source[inner.end] !== "}" ? undefined : { value: inner.value, end: inner.end + 1 };
  }
  for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
    if (source.startsWith(word, at)) return { value, end: at + word.length };
  }
  NUMBER.lastIndex = at;
  const number = NUMBER.exec(source);
  if (number !== null) return { value: Number(number[0]), end: at + number[0].length };
  PATH.lastIndex = at;
  const path = PATH.exec(source);
  return path === null ? undefined : { value: context.read(path[0]), end: at + path[0].length };
}

function skip(source: string, at: number): number {
  while (at < source.length && (source[at] === " " || source[at] === "\t" || source[at] === "\n")) at++;
  return at;
}
