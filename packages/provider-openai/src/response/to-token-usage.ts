import type { TokenUsage } from "@nucleo/core";
import type { WireUsage } from "./wire-schemas.js";

/** Usage as both OpenAI APIs count it: details inside their totals. @internal */
export interface OpenAiUsageCounts {
  /** Every prompt token, cache reads and writes included. */
  readonly input: number;
  readonly cached: number | undefined;
  readonly cacheWrite: number | undefined;
  /** Every output token, reasoning included. */
  readonly output: number;
  readonly reasoning: number | undefined;
}

/**
 * OpenAI's usage in Nucleo's terms. OpenAI counts cache reads and writes inside the prompt
 * total and reasoning inside the output total; Nucleo prices them apart, so each is taken out
 * of its total. Cached and reasoning counts are set when the server reported them; cache
 * writes only when there were some (the Responses wire reports the field on every call, and a
 * zero there says nothing worth recording).
 *
 * @internal
 */
export function splitUsage(counts: OpenAiUsageCounts): TokenUsage {
  const { cached, cacheWrite, reasoning } = counts;
  const written = cacheWrite !== undefined && cacheWrite > 0 ? cacheWrite : undefined;
  return {
    inputTokens: Math.max(0, counts.input - (cached ?? 0) - (written ?? 0)),
    outputTokens: Math.max(0, counts.output - (reasoning ?? 0)),
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(written === undefined ? {} : { cacheWriteTokens: written }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/**
 * Chat Completions' `usage` in Nucleo's terms (see {@link splitUsage}).
 *
 * @internal
 */
export function toTokenUsage(usage: WireUsage): TokenUsage {
  return splitUsage({
    input: usage.prompt_tokens,
    cached: usage.prompt_tokens_details?.cached_tokens ?? undefined,
    cacheWrite: usage.prompt_tokens_details?.cache_write_tokens ?? undefined,
    output: usage.completion_tokens,
    reasoning: usage.completion_tokens_details?.reasoning_tokens ?? undefined,
  });
}
