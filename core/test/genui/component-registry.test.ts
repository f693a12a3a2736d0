import { describe, expect, it } from "vitest";
import { createComponentRegistry } from "../../src/index.js";
import { ComponentRegistryError } from "../../src/model/index.js";
import { timeline } from "./helpers.js";

describe("component registry", () => {
  it("registers names with an optional schema and description; unregister and the returned release", () => {
    const registry = createComponentRegistry({ Card: {} });
    const names = timeline(registry.names);
    const release = registry.register("Chart", {
      description: "A bar chart",
      propsSchema: { $ref: "#/$defs/P", $defs: { P: { type: "object", properties: { series: {}, title: {} } } } },
    });
    expect(registry.has("Chart")).toBe(true);
    expect(registry.get("Chart")).toMatchObject({ name: "Chart", description: "A bar chart", propNames: ["series", "title"] });
    expect(registry.get("Card")).toEqual({ name: "Card", description: undefined, jsonSchema: undefined, propNames: [], followUp: true, awaitResult: false });
    expect(registry.tools()).toEqual([
      { name: "Card", description: "", parameters: { type: "object", properties: {} } },
      { name: "Chart", description: "A bar chart", parameters: registry.get("Chart")!.jsonSchema },
    ]);
    release();
    release();
    expect(registry.has("Chart")).toBe(false);
    expect(registry.unregister("Card")).toBe(true);
    expect(registry.unregister("Card")).toBe(false);
    expect(names.values).toEqual([["Card"], ["Card", "Chart"], ["Card"], []]);
    names.stop();
  });

  it("a release from an earlier registration does not remove a newer one", () => {
    const registry = createComponentRegistry();
    const first = registry.register("Card");
    registry.unregister("Card");
    registry.register("Card", { description: "v2" });
    first();
    expect(registry.get("Card")?.description).toBe("v2");
  });

  it("accepts a Standard Schema with a JSON Schema export, converted once", () => {
    let conversions = 0;
    const standard = {
      "~standard": {
        version: 1,
        vendor: "test",
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: () => {
            conversions++;
            return { type: "object", properties: { a: { type: "string" } } };
          },
        },
      },
    };
    const registry = createComponentRegistry();
    registry.register("A", { propsSchema: standard });
    registry.get("A");
    registry.tools();
    expect(conversions).toBe(1);
    expect(registry.get("A")?.propNames).toEqual(["a"]);
  });

  it("wrong registrations throw ComponentRegistryError and register nothing", () => {
    const registry = createComponentRegistry({ Card: {} });
    const attempt = (name: unknown, definition?: unknown) => {
      try {
        registry.register(name as string, definition as never);
      } catch (error) {
        expect(error).toBeInstanceOf(ComponentRegistryError);
        return (error as ComponentRegistryError).code;
      }
      return "registered";
    };
    expect(attempt("")).toBe("INVALID_COMPONENT");
    expect(attempt(42)).toBe("INVALID_COMPONENT");
    expect(attempt("Card")).toBe("COMPONENT_ALREADY_REGISTERED");
    expect(attempt("X", "nope")).toBe("INVALID_COMPONENT");
    expect(attempt("X", { description: 3 })).toBe("INVALID_COMPONENT");
    expect(attempt("X", { propsSchema: [] })).toBe("INVALID_COMPONENT");
    expect(attempt("X", { followUp: "no" })).toBe("INVALID_COMPONENT");
    expect(attempt("X", { awaitResult: 1 })).toBe("INVALID_COMPONENT");
    expect(attempt("X", { propsSchema: { "~standard": { vendor: "zod3", validate: () => ({}) } } })).toBe("INVALID_COMPONENT");
    expect(
      attempt("X", { propsSchema: { "~standard": { vendor: "v", jsonSchema: { input: () => { throw new Error("no"); } } } } }),
    ).toBe("INVALID_COMPONENT");
    expect(registry.names.value).toEqual(["Card"]);
  });
});
