import type { RateLimits } from "../entry/catalog-entry.js";

/** Which of an entry's limits a budget enforces. */
export type LimitName = keyof RateLimits;

/** Every limit an entry can declare, in the catalog's order. @internal */
export const LIMIT_NAMES: readonly LimitName[] = [
  "requestsPerMinute",
  "tokensPerMinute",
  "inputTokensPerMinute",
  "outputTokensPerMinute",
];

/**
 * The amount a demand (one request, or `requests` of them) books against one limit: the same
 * rule for the in-process budgets and every shared store. @internal
 */
export function amountFor(
  limit: LimitName,
  inputTokens: number,
  outputTokens: number,
  requests = 1,
): number {
  switch (limit) {
    case "requestsPerMinute":
      return requests;
    case "tokensPerMinute":
      return inputTokens + outputTokens;
    case "inputTokensPerMinute":
      return inputTokens;
    case "outputTokensPerMinute":
      return outputTokens;
  }
}
