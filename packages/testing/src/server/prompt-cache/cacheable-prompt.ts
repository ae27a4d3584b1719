import { createHash } from "node:crypto";

/** How long a cached prefix lives unread: Anthropic's 5 minutes or 1 hour, OpenAI's 5 minutes or 24 hours. */
export type CacheLifetime = "5m" | "1h" | "24h";

/** Each lifetime in milliseconds. */
export const LIFETIME_MS: Readonly<Record<CacheLifetime, number>> = {
  "5m": 5 * 60_000,
  "1h": 60 * 60_000,
  "24h": 24 * 60 * 60_000,
};

/** One unit of a prompt in the order the provider caches it (a tool, a system block, a message). */
export interface PromptBlock {
  /** Where the block sits (`tools`, `system`, a message's role): part of its identity, not of its tokens. */
  readonly context: string;
  /** The block as sent, its cache marker left out (a marker moving on changes nothing): identity and tokens. */
  readonly content: unknown;
  /** Anthropic: the block carries a `cache_control` breakpoint with this lifetime. */
  readonly breakpoint?: "5m" | "1h";
}

/**
 * A request's prompt as a cache reads it. Anthropic caches at the breakpoints the request
 * marks; OpenAI caches every prompt, routed by its start and `prompt_cache_key`.
 */
export type CacheablePrompt =
  | { readonly caching: "breakpoints"; readonly blocks: readonly PromptBlock[] }
  | {
      readonly caching: "automatic";
      readonly blocks: readonly PromptBlock[];
      /** The request's `prompt_cache_key`, or `null`. */
      readonly key: string | null;
      /** `24h` when the request asked for `prompt_cache_retention: "24h"`, else `5m`. */
      readonly lifetime: "5m" | "24h";
    };

/** The prompt up to the end of one block: a hash of every block so far, and their tokens. */
export interface Prefix {
  readonly hash: string;
  readonly tokens: number;
}

/**
 * The prefix ending at each block: a chained hash (equal prefixes, equal hashes) and the sum
 * of the blocks' tokens, each block counted alone with `countTokens` so that the counts
 * depend on the request only.
 */
export function prefixesOf(
  blocks: readonly PromptBlock[],
  countTokens: (text: string) => number,
): Prefix[] {
  const prefixes: Prefix[] = [];
  let hash = "";
  let tokens = 0;
  for (const block of blocks) {
    const text = JSON.stringify(block.content) ?? "null";
    hash = createHash("sha256")
      .update(`${hash}\n${block.context}\n`)
      .update(text)
      .digest("base64url");
    tokens += countTokens(text);
    prefixes.push({ hash, tokens });
  }
  return prefixes;
}

/** A shallow copy of a block without its `cache_control` marker. */
export function withoutCacheControl(block: unknown): unknown {
  if (typeof block !== "object" || block === null || Array.isArray(block)) return block;
  const { cache_control: _marker, ...rest } = block as Record<string, unknown>;
  return rest;
}
