// ownJson / copyJson copy JSON-like values; a circular value is refused with a typed error naming
// where the cycle closes, instead of overflowing the stack.
import { describe, expect, it } from "vitest";
import { CircularValueError } from "../../src/json/index.js";
import { copyJson, ownJson } from "../../src/json/json-value.js";

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

describe("circular values", () => {
  it("ownJson names the path that refers back, and the ancestor it refers to", () => {
    const value: Record<string, unknown> = { a: { "odd key": [0, {}] } };
    ((value.a as Record<string, unknown[]>)["odd key"]![1] as Record<string, unknown>).back = value.a;

    const error = caught(() => ownJson(value, "forwardedProps"));

    expect(error).toBeInstanceOf(CircularValueError);
    expect(error).toMatchObject({
      code: "CIRCULAR_VALUE",
      path: 'forwardedProps.a["odd key"][1].back',
      target: "forwardedProps.a",
    });
    expect((error as Error).message).toContain('forwardedProps.a["odd key"][1].back');
  });

  it("copyJson refuses a self-reference at the root; the default label is `value`", () => {
    const list: unknown[] = [1];
    list.push(list);

    expect(caught(() => copyJson(list))).toMatchObject({ code: "CIRCULAR_VALUE", path: "value[1]", target: "value" });
  });

  it("a value shared in two places is not a cycle: both places get a copy", () => {
    const shared = { x: 1 };
    const copy = ownJson({ left: shared, right: [shared] });

    expect(copy).toEqual({ left: { x: 1 }, right: [{ x: 1 }] });
    expect(copy.left).not.toBe(shared);
    expect(Object.isFrozen(copy.right[0])).toBe(true);
  });
});
