import { signal, type Signal } from "@preact/signals-core";
import type { RunUsage, TokenTotals } from "./types.js";

export const NO_TOKENS: TokenTotals = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  reasoningTokens: 0,
  cachedInputTokens: 0,
  cacheWriteInputTokens: 0,
});

/**
 * The thread's token accounting: one record per run that reported usage, and their sum. Written
 * once per run end (by the fold, fold/token-usage.ts), so the per-event cost is nil; the sum is
 * kept, not recomputed from the list.
 */
export class TokenLedger {
  readonly runs: Signal<readonly RunUsage[]> = signal(Object.freeze([]));
  readonly total: Signal<TokenTotals> = signal(NO_TOKENS);

  reset(): void {
    if (this.runs.peek().length === 0) return;
    this.runs.value = Object.freeze([]);
    this.total.value = NO_TOKENS;
  }
}
