import { type CacheablePrompt, LIFETIME_MS, type Prefix } from "./cacheable-prompt.js";
import { type CacheOutcome, NO_CACHE } from "./cache-outcome.js";
import type { CacheStore } from "./cache-store.js";

/** How many block boundaries before a breakpoint a read looks back over for an earlier entry. */
export const LOOKBACK_BLOCKS = 20;

/** What reading and writing at breakpoints needs. */
export interface BreakpointCacheInput {
  readonly prompt: Extract<CacheablePrompt, { caching: "breakpoints" }>;
  readonly prefixes: readonly Prefix[];
  /** The prompt's tokens as the server counts them without caching: no prefix counts more. */
  readonly promptTokens: number;
  readonly store: CacheStore;
  /** Keeps one model's entries apart from another's. */
  readonly namespace: string;
  readonly now: number;
  readonly minCacheableTokens: number;
}

/**
 * Anthropic's caching. Reads: the longest cached prefix ending at a breakpoint or at one of the
 * 20 block boundaries before one (A tokens). Writes: up to the last breakpoint (C), when its
 * prefix reaches the minimum — from A to the last one-hour breakpoint past A (B) at the
 * one-hour lifetime, from there to C at five minutes. Each breakpoint whose prefix reaches the
 * minimum is stored with its lifetime; a read starts the entry's lifetime over.
 */
export function cacheAtBreakpoints(input: BreakpointCacheInput): CacheOutcome {
  const { prompt, store, namespace, now } = input;
  const keyAt = (index: number) => `${namespace}|${input.prefixes[index]!.hash}`;
  const tokensAt = (index: number) =>
    index < 0 ? 0 : Math.min(input.prefixes[index]!.tokens, input.promptTokens);
  const breakpoints = prompt.blocks.flatMap((block, index) =>
    block.breakpoint === undefined ? [] : [index],
  );
  const last = breakpoints.at(-1);
  if (last === undefined) return NO_CACHE;
  let hit = -1;
  for (const breakpoint of breakpoints) {
    const earliest = Math.max(hit + 1, breakpoint - LOOKBACK_BLOCKS);
    for (let index = breakpoint; index >= earliest; index--) {
      if (store.has(keyAt(index), now)) {
        hit = index;
        break;
      }
    }
  }
  if (hit >= 0) store.refresh(keyAt(hit), now);
  const read = tokensAt(hit);
  const reachesMinimum = (index: number) => tokensAt(index) >= input.minCacheableTokens;
  for (const breakpoint of breakpoints.filter(reachesMinimum)) {
    store.write(keyAt(breakpoint), LIFETIME_MS[prompt.blocks[breakpoint]!.breakpoint!], now);
  }
  if (last <= hit || !reachesMinimum(last)) return { ...NO_CACHE, readTokens: read };
  const lastHour = breakpoints.findLast(
    (index) => index > hit && prompt.blocks[index]!.breakpoint === "1h" && reachesMinimum(index),
  );
  const hourWritten = lastHour === undefined ? 0 : tokensAt(lastHour) - read;
  return {
    readTokens: read,
    writeTokens: tokensAt(last) - read,
    write1hTokens: hourWritten,
  };
}
