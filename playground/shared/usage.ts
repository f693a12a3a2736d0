import type { TokenTotals } from "@threadline/core";

/** The thread's token spend in the header: nothing until a run reported usage. */
export function usageText(usage: TokenTotals): string {
  if (usage.totalTokens === 0 && usage.inputTokens === 0 && usage.outputTokens === 0) return "";
  const total = usage.totalTokens || usage.inputTokens + usage.outputTokens;
  return `${total.toLocaleString("en")} tokens (${usage.inputTokens.toLocaleString("en")} in, ${usage.outputTokens.toLocaleString("en")} out)`;
}
