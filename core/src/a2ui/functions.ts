import { formatString } from "./format-string.js";

/** What a function sees besides its arguments: the data model (tracked reads) and the functions. */
export interface A2uiFunctionContext {
  /** The value at `path` (absolute, or relative to the component's template item). */
  read(path: string): unknown;
  /** Calls another catalog function by name with already-resolved arguments. */
  call(name: string, args: Readonly<Record<string, unknown>>): unknown;
  /** Asks the page to open a URL (`openUrl`); the URL policy has the last word. */
  openUrl(url: string): void;
}

/** A client-side function of the catalog. Its arguments arrive resolved (bindings read, calls made). */
export type A2uiFunction = (args: Readonly<Record<string, unknown>>, context: A2uiFunctionContext) => unknown;

const text = (value: unknown): string => (value === undefined || value === null ? "" : typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value));
const num = (value: unknown): number => (typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN);
const opt = (value: unknown): number | undefined => (value === undefined || value === null ? undefined : num(value));
// A deliberately plain check (something@something.tld, no spaces): what a form hint needs, no RFC.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function numberFormat(args: Readonly<Record<string, unknown>>, currency?: string): Intl.NumberFormat {
  const decimals = opt(args["decimals"]);
  const digits = decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 20 ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {};
  return new Intl.NumberFormat(undefined, {
    ...(currency === undefined ? {} : { style: "currency", currency }),
    ...digits,
    useGrouping: args["grouping"] !== false,
  });
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A TR35 pattern (the tokens the catalog lists: y, M, d, E, h, H, m, s, a; quoted text kept). */
export function formatDatePattern(date: Date, pattern: string): string {
  const month = (style: "short" | "long") => new Intl.DateTimeFormat(undefined, { month: style }).format(date);
  const weekday = (style: "short" | "long") => new Intl.DateTimeFormat(undefined, { weekday: style }).format(date);
  return pattern.replace(/'([^']*)'|y+|M+|d+|E+|h+|H+|m+|s+|a/g, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted === "" ? "'" : quoted;
    const n = token.length;
    switch (token[0]) {
      case "y":
        return n === 2 ? pad(date.getFullYear() % 100, 2) : String(date.getFullYear());
      case "M":
        return n >= 4 ? month("long") : n === 3 ? month("short") : pad(date.getMonth() + 1, n);
      case "d":
        return pad(date.getDate(), n);
      case "E":
        return weekday(n >= 4 ? "long" : "short");
      case "h":
        return pad(date.getHours() % 12 === 0 ? 12 : date.getHours() % 12, n);
      case "H":
        return pad(date.getHours(), n);
      case "m":
        return pad(date.getMinutes(), n);
      case "s":
        return pad(date.getSeconds(), n);
      default:
        return date.getHours() < 12 ? "AM" : "PM";
    }
  });
}

/** The basic catalog's functions (A2UI v0.9). */
export const BASIC_FUNCTIONS: Readonly<Record<string, A2uiFunction>> = Object.freeze({
  required: (args) => {
    const value = args["value"];
    return !(value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0));
  },
  regex: (args) => {
    try {
      return new RegExp(text(args["pattern"])).test(text(args["value"]));
    } catch {
      return false;
    }
  },
  length: (args) => {
    const length = text(args["value"]).length;
    const min = opt(args["min"]);
    const max = opt(args["max"]);
    return (min === undefined || length >= min) && (max === undefined || length <= max);
  },
  numeric: (args) => {
    const value = num(args["value"]);
    const min = opt(args["min"]);
    const max = opt(args["max"]);
    return !Number.isNaN(value) && (min === undefined || value >= min) && (max === undefined || value <= max);
  },
  email: (args) => EMAIL.test(text(args["value"])),
  formatString: (args, context) => formatString(text(args["value"]), context),
  formatNumber: (args) => {
    const value = num(args["value"]);
    return Number.isNaN(value) ? "" : numberFormat(args).format(value);
  },
  formatCurrency: (args) => {
    const value = num(args["value"]);
    try {
      return Number.isNaN(value) ? "" : numberFormat(args, text(args["currency"])).format(value);
    } catch {
      return numberFormat(args).format(value);
    }
  },
  formatDate: (args) => {
    const value = args["value"];
    const date = value instanceof Date ? value : typeof value === "number" || typeof value === "string" ? new Date(value) : new Date(NaN);
    return Number.isNaN(date.getTime()) ? "" : formatDatePattern(date, text(args["format"]));
  },
  pluralize: (args) => {
    const value = num(args["value"]);
    const category = Number.isNaN(value) ? "other" : new Intl.PluralRules().select(value);
    const chosen = value === 0 && args["zero"] !== undefined ? args["zero"] : (args[category] ?? args["other"]);
    return text(chosen);
  },
  openUrl: (args, context) => {
    context.openUrl(text(args["url"]));
    return undefined;
  },
  and: (args) => Array.isArray(args["values"]) && args["values"].every(Boolean),
  or: (args) => Array.isArray(args["values"]) && args["values"].some(Boolean),
  not: (args) => !args["value"],
  now: () => new Date().toISOString(),
});
