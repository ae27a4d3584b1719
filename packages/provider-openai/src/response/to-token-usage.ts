import type { TokenUsage } from "@nucleo/core";
import type { WireUsage } from "./wire-schemas.js";

/**
 * OpenAI's usage in Nucleo's terms. OpenAI counts cache reads (and writes, where reported)
 * inside `prompt_tokens` and reasoning inside `completion_tokens`; Nucleo prices them apart,
 * so each is taken out of its total. The detail fields are set only when the server reported them.
 *
 * @internal
 */
export function toTokenUsage(usage: WireUsage): TokenUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? undefined;
  const cacheWrite = usage.prompt_tokens_details?.cache_write_tokens ?? undefined;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? undefined;
  return {
    inputTokens: Math.max(0, usage.prompt_tokens - (cached ?? 0) - (cacheWrite ?? 0)),
    outputTokens: Math.max(0, usage.completion_tokens - (reasoning ?? 0)),
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
    ...(cacheWrite === undefined ? {} : { cacheWriteTokens: cacheWrite }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}
