// The same checks in a production build: esm-env's DEV is false there, so every sentence is
// compiled away and the message is the code (and where). What must not change is the behaviour:
// the same call throws the same class with the same code and fields. build.test.ts proves the
// sentences really go; this file proves that nothing but the sentences goes.
import { describe, expect, it, vi } from "vitest";

vi.mock("esm-env", () => ({ DEV: false, BROWSER: false, NODE: true }));

const { ChatClient, ChatInputError, ThreadlineError, warnToConsole } = await import("../../src/index.js");
const { productionMessage } = await import("../../src/errors.js");

const agent = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };

describe("errors in a production build", () => {
  it("keep their class, code and fields; the message is the code and where", () => {
    const bad = (options: unknown) => () => new ChatClient(options as never);
    let caught: unknown;
    try {
      bad({ agent, maxSteps: -1 })();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ChatInputError);
    expect(caught).toMatchObject({ code: "INVALID_OPTION", option: "maxSteps", message: productionMessage("INVALID_OPTION", "maxSteps") });
    expect((caught as Error).message).toMatch(/^INVALID_OPTION at maxSteps \(/);
    expect(bad(null)).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "options" }));
    expect(bad({ agent: 3 })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "agent" }));
  });

  it("ThreadlineError.from still names where an unexpected failure happened", () => {
    const error = ThreadlineError.from(new TypeError("boom"), "The run");
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", message: productionMessage("INTERNAL_ERROR", "The run") });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("a warning without its sentence prints its code alone", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      warnToConsole({ code: "UNKNOWN_EVENT", message: "" });
      expect(warn).toHaveBeenCalledWith("[threadline] UNKNOWN_EVENT");
    } finally {
      warn.mockRestore();
    }
  });
});
