import type { JobContext, TokenUsage } from "@nucleo/core";
import { Decimal } from "@nucleo/core";

/**
 * A deterministic stand-in for a model, so the worker runs on a machine with no provider
 * configured and no network: it answers with the text's first sentence. It reports its calls
 * like a real client would (usage, cost, latency), priced at the illustrative rates below, so
 * the trajectory and the cost ledger show real arithmetic over real events. The provider
 * packages replace it.
 */
export const OFFLINE_MODEL = {
  entryId: "offline-first-sentence",
  providerModel: "offline/first-sentence",
  currency: "USD",
  /** Illustrative prices per million tokens; not any provider's list price. */
  inputPerMillion: Decimal.parse("0.15"),
  outputPerMillion: Decimal.parse("0.60"),
} as const;

/** Rough token count (one per word or punctuation mark) until the catalog's tokenizer lands. */
export function estimateTokens(text: string): number {
  return text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
}

/** Answers `prompt` with its first sentence and reports the call on `context`. */
export function askOfflineModel(prompt: string, context: JobContext, clock: () => number = Date.now): string {
  const started = clock();
  const answer = (prompt.match(/^.*?[.!?](?=\s|$)/s)?.[0] ?? prompt).trim();
  const usage: TokenUsage = { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(answer) };
  const cost = OFFLINE_MODEL.inputPerMillion.times(usage.inputTokens).plus(OFFLINE_MODEL.outputPerMillion.times(usage.outputTokens)).shiftLeft(6);
  context.emit({
    type: "llm.call", entryId: OFFLINE_MODEL.entryId, providerModel: OFFLINE_MODEL.providerModel, usage,
    cost: cost.toString(), currency: OFFLINE_MODEL.currency, latencyMs: clock() - started, stopReason: "end",
    attempt: context.attempt.number, corrections: context.attempt.corrections,
  });
  return answer;
}
