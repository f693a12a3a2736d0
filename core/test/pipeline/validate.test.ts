import { EventSchemas } from "@ag-ui/core/schemas";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEventValidator, type EventSchemaValidator } from "../../src/protocol/validate.js";
import type { StreamPosition } from "../../src/protocol/protocol-error.js";
import { ThreadlineError, type ThreadlineWarning } from "../../src/index.js";
import { createPipeline, ProtocolError } from "../../src/pipeline/index.js";
import { legacyProtocol } from "../../src/run/index.js";

const legacy = legacyProtocol();

function validator(schemas?: EventSchemaValidator, withLegacy = false) {
  const warnings: ThreadlineWarning[] = [];
  const position: StreamPosition = { index: 7, raw: undefined };
  const validate = createEventValidator(position, (warning) => warnings.push(warning), schemas, withLegacy ? legacy : undefined);
  return {
    warnings,
    check(raw: unknown): unknown {
      position.raw = raw;
      return validate(raw);
    },
    error(raw: unknown): ProtocolError {
      position.raw = raw;
      try {
        validate(raw);
      } catch (error) {
        if (error instanceof ProtocolError) return error;
        throw error;
      }
      throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
    },
  };
}

const content = { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "hi" };
const finished = { type: "RUN_FINISHED", threadId: "t1", runId: "r1" };
const snapshot = (messages: unknown[]) => ({ type: "MESSAGES_SNAPSHOT", messages });

describe("validation", () => {
  it("hands a valid event on as the very same object, silently", () => {
    const v = validator();
    expect(v.check(content)).toBe(content);
    const full = {
      type: "RUN_STARTED", threadId: "t1", runId: "r1", protocolVersion: "1.1", timestamp: 1_700_000_000_000,
      metadata: { trace: null }, rawEvent: { anything: [1] },
      input: {
        threadId: "t1", runId: "r1", messages: [
          { id: "u1", role: "user", content: [{ type: "text", text: "hi" }, { type: "image", source: { type: "url", value: "https://x/y.png" } }] },
          { id: "a1", role: "assistant", toolCalls: [{ id: "tc1", type: "function", function: { name: "f", arguments: "{}" } }] },
          { id: "t1", role: "tool", content: "ok", toolCallId: "tc1" },
          { id: "x1", role: "activity", activityType: "search", content: { found: 1 } },
          { id: "r1", role: "reasoning", content: "hmm" },
        ],
        tools: [{ name: "f", description: "does f", parameters: { type: "object" } }],
        context: [{ description: "d", value: "v" }],
        state: null,
        resume: [{ interruptId: "i1", status: "resolved", payload: { ok: true } }],
      },
    };
    expect(v.check(full)).toBe(full);
    expect(v.warnings).toEqual([]);
  });

  describe("unknown material is removed with a warning, never fatal", () => {
    it("drops an unknown event type", () => {
      const v = validator();
      const future = { type: "FUTURE_EVENT", somethingNew: true };
      expect(v.check(future)).toBeUndefined();
      expect(v.warnings).toEqual([
        expect.objectContaining({ code: "UNKNOWN_EVENT_DROPPED", index: 7, event: future, message: expect.stringContaining("'FUTURE_EVENT'") }),
      ]);
    });

    it("strips an unknown property into a copy, leaving the pushed object untouched", () => {
      const v = validator();
      const raw = { ...content, futureProp: 1 };
      const checked = v.check(raw);
      expect(checked).toEqual(content);
      expect(checked).not.toBe(raw);
      expect(raw).toHaveProperty("futureProp", 1);
      expect(v.warnings.map((w) => [w.code, w.message])).toEqual([["UNKNOWN_PROPERTY_STRIPPED", expect.stringContaining("/futureProp")]]);
    });

    it("strips properties named like Object.prototype members, without touching the prototype", () => {
      const v = validator();
      const raw = JSON.parse('{"type":"TEXT_MESSAGE_END","messageId":"m1","toString":1,"__proto__":{"polluted":true}}') as object;
      const checked = v.check(raw) as Record<string, unknown>;
      expect(Object.keys(checked)).toEqual(["type", "messageId"]);
      expect(Object.getPrototypeOf(checked)).toBe(Object.prototype);
      expect(v.warnings.map((w) => w.message)).toEqual([expect.stringContaining("/toString"), expect.stringContaining("/__proto__")]);
    });

    it("removes an unrecognised member from an optional field", () => {
      const v = validator();
      expect(v.check({ ...finished, outcome: { type: "paused" } })).toEqual(finished);
      expect(v.check({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "narrator" })).toEqual({ type: "TEXT_MESSAGE_START", messageId: "m1" });
      expect(v.warnings.map((w) => [w.code, w.message.match(/\/\S+/)?.[0]])).toEqual([
        ["UNRECOGNISED_VALUE_STRIPPED", "/outcome"],
        ["UNRECOGNISED_VALUE_STRIPPED", "/role"],
      ]);
    });

    it("drops an unrecognised list element and keeps the list, copying only along the path", () => {
      const v = validator();
      const kept = { id: "m0", role: "assistant", content: "untouched" };
      const raw = snapshot([
        kept,
        { id: "m1", role: "user", content: [{ type: "text", text: "before" }, { type: "hologram" }, { type: "text", text: "after" }] },
        { id: "m2", role: "narrator", content: "who?" },
      ]);
      const checked = v.check(raw) as { messages: unknown[] };
      expect(checked.messages).toEqual([kept, { id: "m1", role: "user", content: [{ type: "text", text: "before" }, { type: "text", text: "after" }] }]);
      expect(checked.messages[0]).toBe(kept);
      expect(v.warnings.map((w) => w.message.match(/\/\S+/)?.[0])).toEqual(["/messages/1/content/1", "/messages/2"]);
    });

    it("drops the element holding an unrecognised value in a required position (once, at the element)", () => {
      const v = validator();
      const raw = snapshot([{ id: "u1", role: "user", content: [{ type: "image", source: { type: "hologram", value: "x", extra: 1 } }] }]);
      expect(v.check(raw)).toEqual(snapshot([{ id: "u1", role: "user", content: [] }]));
      expect(v.warnings.map((w) => w.message.match(/\/\S+/)?.[0])).toEqual(["/messages/0/content/0"]);
    });

    it("drops a JSON Patch operation of an unknown kind, and keeps the members an operation does not define", () => {
      const v = validator();
      const extras = { op: "remove", path: "/items/1", value: "leftover" };
      expect(v.check({ type: "STATE_DELTA", delta: [{ op: "increment", path: "/n" }, extras] })).toEqual({ type: "STATE_DELTA", delta: [extras] });
      expect(v.warnings.map((w) => w.message.match(/\/\S+/)?.[0])).toEqual(["/delta/0"]);
    });

    it("drops the whole event when a required field holds an unrecognised member", () => {
      const v = validator();
      expect(v.check({ type: "REASONING_ENCRYPTED_VALUE", subtype: "future", entityId: "m1", encryptedValue: "x" })).toBeUndefined();
      expect(v.warnings.map((w) => w.code)).toEqual(["UNRECOGNISED_EVENT_DROPPED"]);
    });

    it("reads the retired `null` spellings of absent optional fields as absent", () => {
      const v = validator();
      expect(v.check({ ...finished, outcome: null, result: null, rawEvent: null })).toEqual(finished);
      expect(v.check({ type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "f", parentMessageId: null })).toEqual({
        type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "f",
      });
      expect(v.warnings.map((w) => w.code)).toEqual(Array(4).fill("LEGACY_NULL_OMITTED"));
    });

    it("with the legacy plug-in, upgrades a retired binary content part to the media part its mime type names", () => {
      const v = validator(undefined, true);
      const raw = snapshot([{
        id: "u1", role: "user", content: [
          { type: "binary", mimeType: "image/png", url: "https://x/cat.png" },
          { type: "binary", mimeType: "application/pdf", data: "JVBERi0=", filename: "a.pdf" },
          { type: "binary", mimeType: "audio/wav", id: "provider-handle" },
        ],
      }]);
      expect(v.check(raw)).toEqual(snapshot([{
        id: "u1", role: "user", content: [
          { type: "image", source: { type: "url", value: "https://x/cat.png", mimeType: "image/png" } },
          { type: "document", source: { type: "data", value: "JVBERi0=", mimeType: "application/pdf" }, metadata: { filename: "a.pdf" } },
        ],
      }]));
      expect(v.warnings.map((w) => [w.code, w.message.match(/\/\S+/)?.[0]])).toEqual([
        ["LEGACY_BINARY_CONTENT_UPGRADED", "/messages/0/content/0"],
        ["LEGACY_BINARY_CONTENT_UPGRADED", "/messages/0/content/1"],
        ["UNRECOGNISED_VALUE_STRIPPED", "/messages/0/content/2"],
      ]);
      expect(v.error(snapshot([{ id: "u1", role: "user", content: [{ type: "binary", url: "u" }] }])).code).toBe("MISSING_FIELD");
    });

    it("with the legacy plug-in, knows the retired THINKING_* shapes (for translation) rather than dropping them", () => {
      const v = validator(undefined, true);
      const thinking = { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "hmm" };
      expect(v.check(thinking)).toBe(thinking);
      expect(v.error({ type: "THINKING_TEXT_MESSAGE_CONTENT" }).code).toBe("MISSING_FIELD");
      const schema = validator(EventSchemas, true);
      expect(schema.check(thinking)).toBe(thinking); // zod does not describe it: the table judges
    });

    it("without the legacy plug-in, a retired binary part is an unknown part kind and THINKING_* an unknown event, both dropped with a warning", () => {
      const v = validator();
      const raw = snapshot([{ id: "u1", role: "user", content: [{ type: "text", text: "see" }, { type: "binary", mimeType: "image/png", url: "https://x/cat.png" }] }]);
      expect(v.check(raw)).toEqual(snapshot([{ id: "u1", role: "user", content: [{ type: "text", text: "see" }] }]));
      expect(v.check({ type: "THINKING_START" })).toBeUndefined();
      expect(v.warnings.map((w) => w.code)).toEqual(["UNRECOGNISED_VALUE_STRIPPED", "UNKNOWN_EVENT_DROPPED"]);
      expect(v.warnings[1]?.message).toContain("legacy: legacyProtocol()");
    });
  });

  describe("a malformed known field is fatal", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["a missing required field", { type: "TEXT_MESSAGE_CONTENT", messageId: "m1" }, "MISSING_FIELD", "/delta is missing"],
      ["a missing nested field", snapshot([{ role: "assistant" }]), "MISSING_FIELD", "/messages/0/id"],
      ["a patch operation without its value", { type: "STATE_DELTA", delta: [{ op: "add", path: "/a" }] }, "MISSING_FIELD", "/delta/0/value"],
      ["a number where a string belongs", { ...content, delta: 42 }, "MALFORMED_FIELD", "/delta must be a string, but is the number 42"],
      ["null metadata", { ...content, metadata: null }, "MALFORMED_FIELD", "/metadata"],
      ["array metadata", { ...content, metadata: [] }, "MALFORMED_FIELD", "/metadata"],
      ["a float timestamp", { ...content, timestamp: 1.5 }, "MALFORMED_FIELD", "/timestamp"],
      ["a null subagentRunId", { ...content, subagentRunId: null }, "MALFORMED_FIELD", "/subagentRunId"],
      ["an array in the outcome slot", { ...finished, outcome: [{ type: "success" }] }, "MALFORMED_FIELD", "/outcome must be an object"],
      ["an interrupt outcome without interrupts", { ...finished, outcome: { type: "interrupt", interrupts: [] } }, "MALFORMED_FIELD", "/outcome/interrupts"],
      ["a non-string tag", { ...finished, outcome: { type: 3 } }, "MALFORMED_FIELD", "/outcome/type"],
      ["a reasoning message with another role", { type: "REASONING_MESSAGE_START", messageId: "r1", role: "assistant" }, "MALFORMED_FIELD", '/role must be "reasoning"'],
      ["a tool result with another role", { type: "TOOL_CALL_RESULT", messageId: "t1", toolCallId: "c1", content: "x", role: "user" }, "MALFORMED_FIELD", "/role"],
      ["a path that is not a JSON pointer", { type: "STATE_DELTA", delta: [{ op: "remove", path: "items" }] }, "MALFORMED_FIELD", "/delta/0/path"],
      ["a number as message content", snapshot([{ id: "u1", role: "user", content: 5 }]), "MALFORMED_FIELD", "/messages/0/content"],
      ["a non-string enum value", { type: "TEXT_MESSAGE_START", messageId: "m1", role: 1 }, "MALFORMED_FIELD", "/role"],
    ];
    it("negative token counts → MALFORMED_USAGE_DROPPED, a warning: the entry goes, the event stays", () => {
      const v = validator();
      expect(v.check({ type: "RUN_ERROR", message: "x", usage: [{ inputTokens: -1 }] })).toEqual({ type: "RUN_ERROR", message: "x", usage: [] });
      expect(v.warnings.map((w) => [w.code, w.index])).toEqual([["MALFORMED_USAGE_DROPPED", 7]]);
      expect(v.warnings[0]!.message).toContain("/usage/0/inputTokens");
    });
    for (const [what, raw, code, says] of cases) {
      it(`${what} → ${code}`, () => {
        const error = validator().error(raw);
        expect(error.code).toBe(code);
        expect(error.index).toBe(7);
        expect(error.event).toBe(raw);
        expect(error.message).toContain(says);
      });
    }

    it("an event that is not an object, or has no string type → MALFORMED_EVENT", () => {
      for (const raw of ["TEXT", 3, null, [], { messageId: "m1" }, { type: 5 }]) {
        expect(validator().error(raw).code).toBe("MALFORMED_EVENT");
      }
    });
  });

  describe("schema mode: the @ag-ui/core zod schemas judge every value", () => {
    it("accepts what is valid and still strips unknown material", () => {
      const v = validator(EventSchemas);
      expect(v.check(content)).toBe(content);
      expect(v.check({ ...content, futureProp: 1 })).toEqual(content);
      expect(v.check({ ...finished, outcome: { type: "paused" } })).toEqual(finished);
      expect(v.warnings.map((w) => w.code)).toEqual(["UNKNOWN_PROPERTY_STRIPPED", "UNRECOGNISED_VALUE_STRIPPED"]);
    });

    it("reports zod's verdict on a malformed value", () => {
      const v = validator(EventSchemas);
      const array = v.error({ ...finished, outcome: [] });
      expect(array.code).toBe("MALFORMED_FIELD");
      expect(array.message).toContain("/outcome: Invalid input: expected object, received array");
      expect(v.error({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1" }).code).toBe("MISSING_FIELD");
      expect(v.error({ type: "REASONING_MESSAGE_START", messageId: "r1", role: "assistant" }).message).toContain('expected "reasoning"');
    });

    it("defers the judgement to the schemas it is given", () => {
      const rejectAll: EventSchemaValidator = {
        safeParse: () => ({ success: false, error: { issues: [{ path: ["messageId"], message: "not on my watch" }] } }),
      };
      const error = validator(rejectAll).error(content);
      expect(error.message).toContain("/messageId: not on my watch");
    });

    it("is refused by createPipeline without the schemas to run", () => {
      expect(() => createPipeline(() => {}, { validation: "schema" })).toThrow(ThreadlineError);
      expect(() => createPipeline(() => {}, { validation: "schema" })).toThrow(/EventSchemas/);
    });

    it("agrees with the fast checks on what is fatal and what survives, for randomly damaged events (property)", () => {
      const seeds: Record<string, unknown>[] = [
        content,
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "user", name: "n" },
        { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "m" },
        { type: "TOOL_CALL_RESULT", messageId: "t", toolCallId: "c", content: [{ type: "text", text: "x" }] },
        { type: "STATE_DELTA", delta: [{ op: "move", from: "/a", path: "/b" }] },
        { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "s", content: {}, replace: false },
        { ...finished, outcome: { type: "interrupt", interrupts: [{ id: "i", reason: "r", expiresAt: "2030" }] }, usage: [{ model: "m", totalTokens: 3 }] },
        { type: "RUN_ERROR", message: "m", code: "c" },
        { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "e", encryptedValue: "v" },
        { type: "SUBAGENT_FINISHED", subagentRunId: "s", outcome: { type: "suspended", interruptIds: ["i"] } },
        { type: "CUSTOM", name: "n", value: null, timestamp: 3 },
        snapshot([{ id: "u", role: "user", content: [{ type: "document", source: { type: "file", value: "f", provider: "p" } }] }]),
        snapshot([{ id: "u", role: "user", content: [{ type: "binary", mimeType: "image/png", url: "u", filename: "f" }] }]),
      ];
      const junk = fc.oneof(fc.constant(null), fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.constant([]), fc.constant({}), fc.constant([1]));
      const damage = fc.record({ seed: fc.nat(seeds.length - 1), key: fc.nat(), value: junk, remove: fc.boolean() });
      const fast = validator(undefined, true);
      const schema = validator(EventSchemas, true);
      // MISSING_FIELD and MALFORMED_FIELD are both "a malformed known field"; zod and the table
      // sometimes name a broken union member differently, so the verdict compared is fatal or not
      // (and, when accepted, what survives).
      const verdict = (v: ReturnType<typeof validator>, raw: unknown) => {
        try {
          return { accepted: v.check(raw) };
        } catch (error) {
          if (!(error instanceof ProtocolError)) throw error;
          return { fatal: error.code === "MISSING_FIELD" ? "MALFORMED_FIELD" : error.code };
        }
      };
      // Every path into a seed (nested ones included), except the event's own `type`.
      const pathsOf = (value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> => {
        if (typeof value !== "object" || value === null) return [];
        const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
        return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
      };
      fc.assert(
        fc.property(damage, ({ seed, key, value, remove }) => {
          const event = structuredClone(seeds[seed]!);
          const paths = pathsOf(event).filter((path) => !(path.length === 1 && path[0] === "type"));
          const path = paths[key % paths.length]!;
          let parent: Record<string | number, unknown> = event;
          for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
          const last = path[path.length - 1]!;
          if (remove && !Array.isArray(parent)) delete parent[last];
          else parent[last] = value;
          expect(verdict(fast, event)).toEqual(verdict(schema, event));
        }),
        { numRuns: 3000 },
      );
    });
  });
});
