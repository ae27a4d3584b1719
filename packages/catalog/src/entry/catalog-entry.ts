import { DEPTH_LADDER, GRADE_LADDER, OUTPUT_RUNGS } from "@nucleo/core";
import { z } from "zod";
import { priceText } from "./decimal-text.js";

// The messages start "expected " like every message of this schema: describeCatalogIssue shows
// them as written (describe-catalog-issue.ts), where zod's own would read "Too small: expected
// number to be >0".
const POSITIVE_WHOLE = "expected a whole number above 0";
const positiveInt = z.number().int(POSITIVE_WHOLE).positive(POSITIVE_WHOLE);
const NON_NEGATIVE_WHOLE = "expected a whole number, 0 or more";
const nonNegativeInt = z.number().int(NON_NEGATIVE_WHOLE).nonnegative(NON_NEGATIVE_WHOLE);

/** Prices charged above an input-size threshold (providers' long-context pricing). */
const priceTier = z.strictObject({
  /** The tier applies when a request's input tokens exceed this. */
  aboveInputTokens: positiveInt,
  input: priceText,
  output: priceText,
  cacheRead: priceText.optional(),
  cacheWrite: priceText.optional(),
  cacheWrite1h: priceText.optional(),
  reasoning: priceText.optional(),
});

/** One price list for an entry, in force from `effectiveFrom`. All prices per million tokens. */
export const priceScheduleSchema = z.strictObject({
  /** ISO 4217 code, e.g. `USD`. */
  currency: z.string().regex(/^[A-Z]{3}$/, "expected an ISO 4217 currency code like USD"),
  /** The day these prices took effect (YYYY-MM-DD). */
  effectiveFrom: z.iso.date("expected a date like 2025-08-07"),
  /** Where and when the prices were taken, so a reader can check them. */
  source: z.string().min(1, "expected where and when the prices were taken"),
  input: priceText,
  output: priceText,
  /** Prompt tokens read from the provider's cache. Default: 0.1× input (Anthropic), else the input price. */
  cacheRead: priceText.optional(),
  /** Prompt tokens written to the provider's cache for five minutes. Default: 1.25× input (Anthropic), else the input price. */
  cacheWrite: priceText.optional(),
  /** Prompt tokens written to the provider's cache for an hour. Default: 2× input (Anthropic), else the `cacheWrite` price. */
  cacheWrite1h: priceText.optional(),
  /** Hidden reasoning tokens. Default: the output price (how providers bill them). */
  reasoning: priceText.optional(),
  tiers: z.array(priceTier).optional(),
});

/** The limits a provider states for an entry; each one given is enforced. */
const rateLimitsSchema = z
  .strictObject({
    requestsPerMinute: positiveInt.optional(),
    tokensPerMinute: positiveInt.optional(),
    inputTokensPerMinute: positiveInt.optional(),
    outputTokensPerMinute: positiveInt.optional(),
  })
  .refine((limits) => Object.values(limits).some((value) => value !== undefined), {
    message:
      "expected at least one of requestsPerMinute, tokensPerMinute, inputTokensPerMinute, outputTokensPerMinute",
  });

/**
 * How an entry spends its limits: `off` lets a window's whole budget go at once; `burstMs`
 * spends each limit evenly over the window, running at most that far ahead of the even pace
 * (docs/decisions/0038).
 */
const pacingSchema = z.union(
  [
    z.literal("off"),
    z.strictObject({
      /** How far ahead of an even pace the entry may run (ms). */
      burstMs: nonNegativeInt,
    }),
  ],
  { error: 'expected "off" or { burstMs: <milliseconds, 0 or more> }' },
);

/** What an entry paces by when its catalog says nothing (docs/decisions/0038). */
export const DEFAULT_PACING: z.output<typeof pacingSchema> = { burstMs: 6_000 };

/**
 * Prompt caching of an entry (docs/decisions/0045): `off`, or on with the cache's lifetime.
 * Anthropic keeps a cache `5m` or `1h` (one-hour writes cost more: `cacheWrite1h`); OpenAI
 * caches by itself, in memory (`5m`: the client asks for `in_memory`, since OpenAI's own default
 * is 24 hours for most organisations) or with extended retention (`24h`, the only one gpt-5.5
 * and later accept). On OpenAI `off` asks for `in_memory` and sends no key: its in-memory cache
 * cannot be turned off.
 */
const promptCacheSchema = z.union(
  [
    z.literal("off"),
    z.strictObject({
      /** How long the provider keeps what the call writes. */
      lifetime: z.enum(["5m", "1h", "24h"], {
        error: 'expected a cache lifetime: "5m", "1h" (Anthropic) or "24h" (OpenAI)',
      }),
    }),
  ],
  { error: 'expected "off" or { lifetime: "5m" | "1h" | "24h" }' },
);

/** How an entry caches prompts when its catalog says nothing: on, for five minutes. */
export const DEFAULT_PROMPT_CACHE: z.output<typeof promptCacheSchema> = { lifetime: "5m" };

/** The effort words Anthropic's adaptive thinking takes, least first. */
export const THINKING_EFFORTS = ["low", "medium", "high", "xhigh", "max"] as const;

const partialRecord = <TKey extends string>(
  keys: readonly [TKey, ...TKey[]],
  value: z.ZodType<number>,
) => z.partialRecord(z.enum(keys), value);

/** The zod schema of one catalog entry, as written in a catalog file. */
export const catalogEntrySchema = z
  .strictObject({
    /** Unique within the catalog; what pins and events name. */
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*$/, "expected a lowercase id like openai-gpt-5-mini"),
    provider: z.enum(["openai", "anthropic", "openai-compatible"]),
    /** The server of an `openai-compatible` entry (vLLM, Ollama, llama.cpp, a gateway). */
    baseUrl: z.url().optional(),
    /** The provider's own model name, as the wire carries it. */
    model: z.string().min(1),
    grade: z.enum(GRADE_LADDER),
    contextWindow: positiveInt,
    /** The most output tokens one call may produce. */
    outputCeiling: positiveInt,
    /** This entry's own budget per output rung; wins over the framework's table. */
    outputBudgets: partialRecord(OUTPUT_RUNGS, positiveInt).optional(),
    /** Reasoning tokens per depth; a depth not listed gets none. */
    reasoningTokens: partialRecord(DEPTH_LADDER, nonNegativeInt).optional(),
    nativeThinking: z.boolean().default(false),
    /**
     * Which thinking the model takes (Anthropic): `budget` sends a token budget per depth,
     * `adaptive` lets the model decide how much to think at an effort per depth.
     */
    thinkingMode: z.enum(["budget", "adaptive"]).default("budget"),
    /** The adaptive effort per depth; a depth not listed gets the framework's word for it. */
    thinkingEffort: z.partialRecord(z.enum(DEPTH_LADDER), z.enum(THINKING_EFFORTS)).optional(),
    /** Which OpenAI API the entry speaks: Chat Completions (default) or the Responses API. */
    api: z.enum(["chat-completions", "responses"]).default("chat-completions"),
    /** Prompt caching: on with a lifetime (default 5 minutes), or `off`. */
    promptCache: promptCacheSchema.default(DEFAULT_PROMPT_CACHE),
    /** The provider calls tools natively; when false, tools are described in text and called as JSON. */
    nativeTools: z.boolean().default(true),
    /** The provider enforces a strict JSON schema on the answer (OpenAI's structured outputs). */
    structuredOutput: z.boolean().default(false),
    /** A public tokenizer encoding (`o200k_base`, `cl100k_base`); omitted means a calibrated estimate. */
    tokenizer: z.enum(["o200k_base", "cl100k_base"]).optional(),
    /** One price list, or several with different `effectiveFrom` dates. */
    prices: z
      .preprocess(
        (value) => (Array.isArray(value) || value === undefined ? value : [value]),
        z.array(priceScheduleSchema).min(1, "expected at least one price list"),
      )
      .transform((schedules) =>
        [...schedules].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
      ),
    limits: rateLimitsSchema,
    /** Spend the limits evenly over the window (`{ burstMs }`), or not (`off`). */
    pacing: pacingSchema.default(DEFAULT_PACING),
    /** Offered to the picker and the benchmark. */
    open: z.boolean().default(true),
    /** Its provider is configured with credentials here. */
    callable: z.boolean().default(true),
    /** Compliance tags such as `{ region: eu, retention: zero }`. */
    compliance: z.record(z.string(), z.string().min(1)).default({}),
  })
  .superRefine((entry, context) => {
    if (entry.provider === "openai-compatible" && entry.baseUrl === undefined) {
      context.addIssue({
        code: "custom",
        path: ["baseUrl"],
        message: "expected the server's URL: an openai-compatible entry needs baseUrl",
      });
    }
    for (const issue of settingIssues(entry)) context.addIssue({ code: "custom", ...issue });
    if (entry.outputCeiling > entry.contextWindow) {
      context.addIssue({
        code: "custom",
        path: ["outputCeiling"],
        message: `expected at most the context window (${entry.contextWindow})`,
      });
    }
  });

/** The provider-specific settings an entry's provider cannot honour, each with its field. */
function settingIssues(entry: CatalogEntry): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (entry.api === "responses" && entry.provider !== "openai")
    issues.push({
      path: ["api"],
      message: 'expected "chat-completions": only openai entries speak the Responses API',
    });
  if (
    entry.thinkingMode === "adaptive" &&
    (entry.provider !== "anthropic" || !entry.nativeThinking)
  )
    issues.push({
      path: ["thinkingMode"],
      message: 'expected "budget": adaptive thinking is for anthropic entries with nativeThinking',
    });
  if (entry.thinkingEffort !== undefined && entry.thinkingMode !== "adaptive")
    issues.push({
      path: ["thinkingEffort"],
      message: 'expected thinkingMode "adaptive" beside it: only adaptive thinking takes an effort',
    });
  if (entry.promptCache === "off") return issues;
  const { lifetime } = entry.promptCache;
  const allowed = { anthropic: ["5m", "1h"], openai: ["5m", "24h"], "openai-compatible": ["5m"] }[
    entry.provider
  ];
  if (!allowed.includes(lifetime))
    issues.push({
      path: ["promptCache", "lifetime"],
      message: `expected ${allowed.map((value) => `"${value}"`).join(" or ")} for a ${entry.provider} entry`,
    });
  return issues;
}

/** One model as the deployment knows it: what it is, what it costs, how fast it may be used. */
export type CatalogEntry = z.output<typeof catalogEntrySchema>;
/** A catalog entry as written in a file (defaults allowed; `prices` one list or several). */
export type CatalogEntryInput = Omit<z.input<typeof catalogEntrySchema>, "prices"> & {
  readonly prices: PriceScheduleInput | readonly PriceScheduleInput[];
};
/** One price list as written in a file (prices as decimal text or plain numbers). */
export type PriceScheduleInput = z.input<typeof priceScheduleSchema>;
/** One price list of an entry. */
export type PriceSchedule = z.output<typeof priceScheduleSchema>;
/** The rate limits of an entry. */
export type RateLimits = CatalogEntry["limits"];
/** How an entry spends its limits: evenly with a bounded burst, or `off`. */
export type EntryPacing = CatalogEntry["pacing"];
/** An entry's prompt caching: `off`, or on with the cache's lifetime. */
export type PromptCache = CatalogEntry["promptCache"];
