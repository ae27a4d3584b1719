import { type CacheablePrompt, LIFETIME_MS, type Prefix } from "./cacheable-prompt.js";
import { type CacheOutcome, NO_CACHE } from "./cache-outcome.js";
import type { CacheRouting } from "./cache-routing.js";
import type { CacheStore } from "./cache-store.js";

/** Reads come in this many tokens past the minimum. */
export const READ_INCREMENT_TOKENS = 128;
/** How much of the prompt's start picks its machine. */
const ROUTING_PREFIX_TOKENS = 256;

/** What automatic caching needs. */
export interface AutomaticCacheInput {
  readonly prompt: Extract<CacheablePrompt, { caching: "automatic" }>;
  readonly prefixes: readonly Prefix[];
  /** The prompt's tokens as the server counts them without caching: no prefix counts more. */
  readonly promptTokens: number;
  readonly store: CacheStore;
  readonly routing: CacheRouting;
  /** Keeps one wire's and model's entries apart from another's. */
  readonly namespace: string;
  readonly now: number;
  readonly minCacheableTokens: number;
}

/**
 * OpenAI's caching. The request is routed by the start of its prompt and its
 * `prompt_cache_key`; on that machine it reads the longest prefix an earlier request stored,
 * counted in the minimum plus whole increments of 128 tokens, and stores every prefix of its
 * own that reaches the minimum (5 minutes, or 24 hours with `prompt_cache_retention: "24h"`;
 * a read or a rewrite starts the lifetime over). Writes are never billed apart, so none are
 * reported.
 */
export function cacheAutomatically(input: AutomaticCacheInput): CacheOutcome {
  const { prompt, prefixes, store, now, minCacheableTokens } = input;
  if (prefixes.length === 0) return NO_CACHE;
  const tokensAt = (index: number) => Math.min(prefixes[index]!.tokens, input.promptTokens);
  const routedBy =
    prefixes.find((prefix) => prefix.tokens >= ROUTING_PREFIX_TOKENS) ?? prefixes.at(-1)!;
  const machine = input.routing.route(
    `${input.namespace}|${routedBy.hash}|${prompt.key ?? ""}`,
    now,
  );
  const keyAt = (index: number) => `${machine}|${prefixes[index]!.hash}`;
  let read = 0;
  for (let index = prefixes.length - 1; index >= 0; index--) {
    if (tokensAt(index) < minCacheableTokens) break;
    if (store.has(keyAt(index), now)) {
      const matched = tokensAt(index);
      read =
        minCacheableTokens +
        READ_INCREMENT_TOKENS * Math.floor((matched - minCacheableTokens) / READ_INCREMENT_TOKENS);
      break;
    }
  }
  for (const [index] of prefixes.entries()) {
    if (tokensAt(index) >= minCacheableTokens)
      store.write(keyAt(index), LIFETIME_MS[prompt.lifetime], now);
  }
  return { ...NO_CACHE, readTokens: read };
}
