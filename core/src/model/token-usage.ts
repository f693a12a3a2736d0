import { signal, type Signal } from "@preact/signals-core";
import type { TokenUsage } from "@ag-ui/core";
import type { RunUsage, TokenTotals } from "./types.js";

const COUNTS = [
  "inputTokens",
  "outputTokens",
  "totalTokens",
  "reasoningTokens",
  "cachedInputTokens",
  "cacheWriteInputTokens",
] as const satisfies readonly (keyof TokenTotals & keyof TokenUsage)[];

export const NO_TOKENS: TokenTotals = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  reasoningTokens: 0,
  cachedInputTokens: 0,
  cacheWriteInputTokens: 0,
});

function add(into: TokenTotals, entries: readonly (TokenUsage | TokenTotals)[]): TokenTotals {
  const sum: Record<(typeof COUNTS)[number], number> = { ...into };
  for (const entry of entries) {
    for (const key of COUNTS) sum[key] += entry[key] ?? 0;
  }
  return Object.freeze(sum);
}

/**
 * The thread's token accounting: one record per run that reported usage, and their sum. Written
 * once per run end, so the per-event cost is nil; the sum is kept, not recomputed from the list.
 */
export class TokenLedger {
  readonly runs: Signal<readonly RunUsage[]> = signal(Object.freeze([]));
  readonly total: Signal<TokenTotals> = signal(NO_TOKENS);

  /** Entries already validated (malformed ones were dropped by validation with a warning). */
  record(runId: string | undefined, endedBy: RunUsage["endedBy"], entries: readonly TokenUsage[] | undefined): void {
    if (entries === undefined || entries.length === 0) return;
    const kept = Object.freeze(entries.map((entry) => Object.freeze({ ...entry })));
    const totals = add(NO_TOKENS, kept);
    const run: RunUsage = Object.freeze({ runId, endedBy, entries: kept, totals });
    this.runs.value = Object.freeze([...this.runs.peek(), run]);
    this.total.value = add(this.total.peek(), [totals]);
  }

  reset(): void {
    if (this.runs.peek().length === 0) return;
    this.runs.value = Object.freeze([]);
    this.total.value = NO_TOKENS;
  }
}
