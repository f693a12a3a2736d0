// The shape of an order-verification rule test: a valid sequence accepted whole, an invalid
// one rejected with the rule's code at the offending event, everything before it delivered.
import { describe, expect, it } from "vitest";
import { createOrderVerifier } from "../../src/pipeline/verify-order.js";
import type { AGUIEvent } from "../../src/index.js";
import type { ProtocolErrorCode } from "../../src/pipeline/index.js";
import { runStage } from "./stage-harness.js";

export const verify = (events: AGUIEvent[]) => runStage<AGUIEvent>(createOrderVerifier, events);

export interface Rule {
  rule: string;
  valid: AGUIEvent[];
  invalid: AGUIEvent[];
  code: ProtocolErrorCode;
  /** Index of the offending event (the stream length for TRUNCATED_RUN). */
  at: number;
  /** Something the message must say. */
  says?: string;
}

export function describeRules(rules: readonly Rule[]): void {
  for (const { rule, valid, invalid, code, at, says } of rules) {
    describe(rule, () => {
      it("accepts the valid sequence and delivers every event", () => {
        const run = verify(valid);
        expect(run.error?.message).toBeUndefined();
        expect(run.delivered).toEqual(valid);
      });
      it(`rejects the invalid one with ${code} at #${at}, keeping what came before`, () => {
        const run = verify(invalid);
        expect(run.error?.code).toBe(code);
        expect(run.error?.index).toBe(at);
        expect(run.error?.event).toBe(invalid[at]);
        expect(run.error?.message).toContain(
          code === "TRUNCATED_RUN" ? `[TRUNCATED_RUN at the end of the stream, after ${at} events]` : `[${code} at event #${at}]`,
        );
        if (says !== undefined) expect(run.error?.message).toContain(says);
        expect(run.delivered).toEqual(invalid.slice(0, at));
      });
    });
  }
}
