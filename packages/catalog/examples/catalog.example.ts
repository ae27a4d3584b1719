import type { CatalogEntryInput } from "@nucleo/catalog";

/*
 * Part of the example catalog written in TypeScript: `satisfies` checks every field against
 * the entry type as you type, and `parseCatalog(catalogExample, "catalog.example.ts")` checks
 * it again with zod at load. The prices are the ones examples/catalog.example.yaml took from
 * @pydantic/genai-prices (a test keeps the two equal); the limits are illustrative tier-1 style
 * numbers, to be replaced with the deployment's own.
 */

const OPENAI_PRICES =
  "@pydantic/genai-prices 0.1.8 (https://developers.openai.com/api/docs/pricing), taken 2026-11-29";
const ANTHROPIC_PRICES =
  "@pydantic/genai-prices 0.1.8 (https://www.anthropic.com/pricing#api), taken 2026-11-29";

/** Three entries of the example catalog: a small and an XL OpenAI model and a small Anthropic one. */
export const catalogExample = [
  {
    id: "openai-gpt-5-mini",
    provider: "openai",
    model: "gpt-5-mini",
    grade: "MEDIUM",
    contextWindow: 400_000,
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 },
    nativeThinking: false,
    tokenizer: "o200k_base",
    prices: [
      {
        currency: "USD",
        effectiveFrom: "2026-11-29",
        source: OPENAI_PRICES,
        input: "0.25",
        output: "2",
        cacheRead: "0.025",
      },
    ],
    limits: { requestsPerMinute: 500, tokensPerMinute: 500_000 },
  },
  {
    id: "openai-gpt-5-4",
    provider: "openai",
    model: "gpt-5.4",
    grade: "XL",
    contextWindow: 1_050_000,
    outputCeiling: 128_000,
    reasoningTokens: { QUICK: 4_096, STANDARD: 16_384, THOROUGH: 65_536 },
    nativeThinking: false,
    tokenizer: "o200k_base",
    prices: [
      {
        currency: "USD",
        effectiveFrom: "2026-11-29",
        source: OPENAI_PRICES,
        input: "2.5",
        output: "15",
        cacheRead: "0.25",
        // The list encodes OpenAI's "272K tokens or more" as "more than 271,999".
        tiers: [{ aboveInputTokens: 271_999, input: "5", output: "22.5", cacheRead: "0.5" }],
      },
    ],
    limits: { requestsPerMinute: 500, tokensPerMinute: 500_000 },
  },
  {
    id: "anthropic-claude-haiku-4-5",
    provider: "anthropic",
    model: "claude-haiku-4-5",
    grade: "SMALL",
    contextWindow: 200_000,
    outputCeiling: 64_000,
    reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_000 },
    nativeThinking: true,
    prices: [
      {
        currency: "USD",
        effectiveFrom: "2026-11-29",
        source: ANTHROPIC_PRICES,
        input: "1",
        output: "5",
        cacheRead: "0.1",
        cacheWrite: "1.25",
        cacheWrite1h: "2",
      },
    ],
    limits: { requestsPerMinute: 50, inputTokensPerMinute: 50_000, outputTokensPerMinute: 10_000 },
  },
] satisfies readonly CatalogEntryInput[];
