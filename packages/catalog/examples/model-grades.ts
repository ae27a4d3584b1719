import type { GenaiPricesMapping } from "@nucleo/catalog/genai-prices";

/*
 * Which OpenAI and Anthropic models the example catalog holds, at which grade: everything an
 * entry needs that the price list does not know. Prices, and context windows where not given,
 * come from @pydantic/genai-prices: `pnpm exec node scripts/import-prices.ts` writes
 * examples/catalog.example.yaml from this file.
 *
 * The rate limits are NOT from the price list: they are illustrative numbers in the style of
 * the providers' published tier-1 limits. Replace them with your own organisation's limits.
 * Compliance tags are likewise examples of what a deployment records about its agreements.
 */

/** Illustrative tier-1 style limits, to be replaced with the deployment's own. */
const OPENAI_TIER_1 = { requestsPerMinute: 500, tokensPerMinute: 500_000 };
const ANTHROPIC_TIER_1 = {
  requestsPerMinute: 50,
  inputTokensPerMinute: 30_000,
  outputTokensPerMinute: 8_000,
};

// OpenAI's reasoning models bill hidden reasoning but return no thinking block to read, so
// they are not `nativeThinking`; Anthropic's extended thinking returns one.
const OPENAI = { provider: "openai", tokenizer: "o200k_base", nativeThinking: false } as const;
const ANTHROPIC = { provider: "anthropic", nativeThinking: true } as const;

/** The example catalog's models, grades, ceilings, reasoning budgets, limits and tags. */
export const modelGrades = [
  {
    ...OPENAI,
    id: "openai-gpt-5-nano",
    model: "gpt-5-nano",
    grade: "SMALL",
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 },
    limits: { requestsPerMinute: 500, tokensPerMinute: 200_000 },
    compliance: { region: "us", retention: "standard" },
  },
  {
    ...OPENAI,
    id: "openai-gpt-5-mini",
    model: "gpt-5-mini",
    grade: "MEDIUM",
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 },
    limits: OPENAI_TIER_1,
  },
  {
    ...OPENAI,
    id: "openai-gpt-5",
    model: "gpt-5",
    grade: "LARGE",
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 2_048, STANDARD: 8_192, THOROUGH: 32_768 },
    limits: OPENAI_TIER_1,
    compliance: { region: "us", retention: "zero" },
  },
  {
    ...OPENAI,
    id: "openai-o3",
    model: "o3",
    grade: "LARGE",
    outputCeiling: 100_000,
    reasoningTokens: { QUICK: 2_048, STANDARD: 8_192, THOROUGH: 32_768 },
    limits: { requestsPerMinute: 500, tokensPerMinute: 30_000 },
    // Kept for pins only: at LARGE the picker offers gpt-5.
    open: false,
  },
  {
    ...OPENAI,
    id: "openai-gpt-5-4",
    model: "gpt-5.4",
    grade: "XL",
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 4_096, STANDARD: 16_384, THOROUGH: 65_536 },
    limits: OPENAI_TIER_1,
  },
  {
    ...ANTHROPIC,
    id: "anthropic-claude-haiku-4-5",
    model: "claude-haiku-4-5",
    grade: "SMALL",
    outputCeiling: 64_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_000 },
    limits: { requestsPerMinute: 50, inputTokensPerMinute: 50_000, outputTokensPerMinute: 10_000 },
  },
  {
    ...ANTHROPIC,
    id: "anthropic-claude-sonnet-4-5",
    model: "claude-sonnet-4-5",
    grade: "LARGE",
    outputCeiling: 64_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 8_000, THOROUGH: 32_000 },
    limits: ANTHROPIC_TIER_1,
    compliance: { region: "us", retention: "standard" },
  },
  {
    ...ANTHROPIC,
    id: "anthropic-claude-opus-4-1",
    model: "claude-opus-4-1",
    grade: "XL",
    outputCeiling: 32_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 8_000, THOROUGH: 16_000 },
    limits: ANTHROPIC_TIER_1,
  },
  {
    ...ANTHROPIC,
    id: "anthropic-claude-opus-4-5",
    model: "claude-opus-4-5",
    grade: "MEGA",
    outputCeiling: 64_000,
    reasoningTokens: { QUICK: 2_048, STANDARD: 16_000, THOROUGH: 32_000 },
    limits: ANTHROPIC_TIER_1,
    compliance: { region: "us", retention: "zero" },
  },
] satisfies GenaiPricesMapping;
