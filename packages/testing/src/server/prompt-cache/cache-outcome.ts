/** What the cache did with one prompt, in tokens: every field part of the prompt's total. */
export interface CacheOutcome {
  /** Read from the cache. */
  readonly readTokens: number;
  /** Written to the cache (every lifetime). */
  readonly writeTokens: number;
  /** Of `writeTokens`, those written with the one-hour lifetime. */
  readonly write1hTokens: number;
}

/** Nothing read, nothing written. */
export const NO_CACHE: CacheOutcome = { readTokens: 0, writeTokens: 0, write1hTokens: 0 };
