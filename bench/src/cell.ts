// Turns one lane's measurement into a table cell: a number, or why there is none.
import type { Cell } from "./results.js";

export async function cell(measure: () => Promise<Cell>): Promise<Cell> {
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "failed", reason: message.split("\n")[0] ?? "unknown error" };
  }
}

export function unavailable(reason: string): Cell {
  return { status: "unavailable", reason };
}

export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) {
    const show = (v: unknown) => (typeof v === "string" && v.length > 60 ? `${v.slice(0, 60)}… (${v.length} chars)` : String(v));
    throw new Error(`${what}: expected ${show(expected)}, got ${show(actual)}`);
  }
}
