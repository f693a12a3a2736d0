import type { TokenUsage } from "@ag-ui/core";
import { NO_TOKENS, type TokenLedger } from "../model/token-usage.js";
import type { RunUsage, TokenTotals } from "../model/types.js";

const COUNTS = [
  "inputTokens",
  "outputTokens",
  "totalTokens",
  "reasoningTokens",
  "cachedInputTokens",
  "cacheWriteInputTokens",
] as const satisfies readonly (keyof TokenTotals & keyof TokenUsage)[];

function add(into: TokenTotals, entries: readonly (TokenUsage | TokenTotals)[]): TokenTotals {
  const sum: Record<(typeof COUNTS)[number], number> = { ...into };
  for (const entry of entries) {
    for (const key of COUNTS) sum[key] += entry[key] ?? 0;
  }
  return Object.freeze(sum);
}

/** A run ended reporting `entries` (already validated: malformed ones were dropped with a warning). */
export function recordUsage(ledger: TokenLedger, runId: string | undefined, endedBy: RunUsage["endedBy"], entries: readonly TokenUsage[] | undefined): void {
  if (entries === undefined || entries.length === 0) return;
  const kept = Object.freeze(entries.map((entry) => Object.freeze({ ...entry })));
  const totals = add(NO_TOKENS, kept);
  const run: RunUsage = Object.freeze({ runId, endedBy, entries: kept, totals });
  ledger.runs.value = Object.freeze([...ledger.runs.peek(), run]);
  ledger.total.value = add(ledger.total.peek(), [totals]);
}
