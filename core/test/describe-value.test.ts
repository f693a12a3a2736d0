// The one phrase every error message uses for a received or thrown value.
import { describe, expect, it } from "vitest";
import { describeValue } from "../src/describe-value.js";

describe("describeValue", () => {
  it("names thrown errors with their cause, and error-like objects by their message", () => {
    expect(describeValue(new TypeError("bad"))).toBe("TypeError: bad");
    expect(describeValue(new Error("outer", { cause: new Error("inner") }))).toBe("Error: outer (inner)");
    expect(describeValue({ name: "QuotaExceededError", message: "full" })).toBe("full");
  });

  it("names received values without printing them whole", () => {
    expect(describeValue(null)).toBe("null");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue([1, 2])).toBe("an array");
    expect(describeValue({ a: 1 })).toBe("an object");
    expect(describeValue(3)).toBe("the number 3");
    expect(describeValue(false)).toBe("the boolean false");
    expect(describeValue(10n)).toBe("the bigint 10n");
    expect(describeValue("x".repeat(50))).toBe(`the string "${"x".repeat(40)}…"`);
    expect(describeValue(() => 1)).toBe("a function");
    expect(describeValue(Symbol("s"))).toBe("a symbol");
  });
});
