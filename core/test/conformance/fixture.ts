// The AG-UI conformance fixture format (../shared/conformance/agui/FORMAT.md), and the
// matching rules its runners share: dotted event paths and the recursive subset match.

export interface Expectation {
  outcome?: "completed" | "failed";
  errorContains?: string;
  runError?: boolean | string;
  eventTypes?: string[];
  eventTypesAbsent?: string[];
  eventPaths?: Record<string, unknown>;
  eventAbsentPaths?: string[];
  warnings?: string[];
  noWarnings?: boolean;
  messageCount?: number;
  messages?: unknown[];
  state?: unknown;
  request?: unknown;
  requestAbsentPaths?: string[];
}

export interface ConformanceFixture {
  name: string;
  area: string;
  description: string;
  specPage?: string;
  kill: string;
  client?: { maxProtocolVersion?: string };
  input?: { messages?: unknown[]; tools?: unknown[]; context?: unknown[]; forwardedProps?: unknown };
  stream: unknown[];
  expect: Expectation;
  expectOverrides?: Record<string, Expectation & { intentional: string }>;
}

export const EXPECTATION_KEYS = new Set<string>([
  "outcome", "errorContains", "runError", "eventTypes", "eventTypesAbsent", "eventPaths", "eventAbsentPaths",
  "warnings", "noWarnings", "messageCount", "messages", "state", "request", "requestAbsentPaths",
]);

/** The expectation for a TypeScript-like client: base, shallowly overridden by the `typescript` lane. */
export function typescriptExpectation(fixture: ConformanceFixture): Expectation {
  const override = fixture.expectOverrides?.typescript;
  if (override === undefined) return { ...fixture.expect };
  const { intentional: _reason, ...keys } = override;
  return { ...fixture.expect, ...keys };
}

const MISSING: unique symbol = Symbol("missing");

/**
 * Walks a dotted path ("4.outcome.interrupts.0.id") through own properties and in-range array
 * indices. An explicit null exists; anything else not found is MISSING.
 */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const segment of path.split(".")) {
    if (Array.isArray(current)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= current.length) return MISSING;
      current = current[index];
    } else if (typeof current === "object" && current !== null) {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return MISSING;
      current = (current as Record<string, unknown>)[segment];
    } else {
      return MISSING;
    }
  }
  return current;
}

export function pathExists(root: unknown, path: string): boolean {
  return readPath(root, path) !== MISSING;
}

/**
 * FORMAT.md's subset match: arrays match element-wise at the same length, objects on the keys
 * the expectation names, everything else by ===. Returns the first mismatch, or undefined.
 */
export function subsetMismatch(expected: unknown, actual: unknown, at = ""): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at || "(root)"}: expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== expected.length) return `${at || "(root)"}: expected ${expected.length} elements, got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const mismatch = subsetMismatch(expected[i], actual[i], `${at}/${i}`);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) {
      return `${at || "(root)"}: expected an object, got ${JSON.stringify(actual)}`;
    }
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.prototype.hasOwnProperty.call(actual, key)) return `${at}/${key}: missing`;
      const mismatch = subsetMismatch(value, (actual as Record<string, unknown>)[key], `${at}/${key}`);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  return expected === actual ? undefined : `${at || "(root)"}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}
