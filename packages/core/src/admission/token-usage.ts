/** What one model call really consumed, as the provider reported it. */
export interface TokenUsage {
  /** Prompt tokens billed at the full input price (excluding cache reads and writes). */
  readonly inputTokens: number;
  /** Prompt tokens served from the provider's cache. */
  readonly cachedInputTokens?: number;
  /** Prompt tokens written to the provider's cache, at every lifetime. */
  readonly cacheWriteTokens?: number;
  /**
   * Of {@link cacheWriteTokens}, those written for an hour rather than the default five minutes
   * (Anthropic bills them at their own price). Never more than `cacheWriteTokens`.
   */
  readonly cacheWrite1hTokens?: number;
  /** Answer tokens. */
  readonly outputTokens: number;
  /** Hidden reasoning tokens, where the provider reports them apart from output. */
  readonly reasoningTokens?: number;
}
