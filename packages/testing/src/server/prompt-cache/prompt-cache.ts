import { InvalidInputError } from "@nucleo/core";
import type { MockPromptCacheOptions } from "../mock-types.js";
import { cacheAutomatically } from "./automatic-cache.js";
import { cacheAtBreakpoints } from "./breakpoint-cache.js";
import type { CacheablePrompt } from "./cacheable-prompt.js";
import { prefixesOf } from "./cacheable-prompt.js";
import type { CacheOutcome } from "./cache-outcome.js";
import { CacheRouting } from "./cache-routing.js";
import { CacheStore } from "./cache-store.js";

const DEFAULT_MIN_CACHEABLE_TOKENS = 1_024;
const DEFAULT_ROUTING_REQUESTS_PER_MINUTE = 15;
// Enough prefixes for any test and a busy mock run; few enough to stay flat for days.
const ENTRIES_KEPT = 50_000;

/** One prompt put to the cache. */
export interface CacheQuery {
  readonly prompt: CacheablePrompt;
  /** Which cache it goes to: the wire and the model (caches are per model). */
  readonly namespace: string;
  /** The prompt's tokens as the server counts them without caching. */
  readonly promptTokens: number;
  readonly now: number;
}

/**
 * The mock server's prompt cache: Anthropic's breakpoints and OpenAI's automatic caching over
 * one bounded store, with lifetimes read from the server's clock. What it reports always fits
 * inside the prompt's total: reads + writes ≤ `promptTokens`.
 */
export class PromptCache {
  readonly #minCacheableTokens: number;
  readonly #countTokens: (text: string) => number;
  readonly #store = new CacheStore(ENTRIES_KEPT);
  readonly #routing: CacheRouting;

  /**
   * @throws {InvalidInputError} naming `promptCache.minCacheableTokens` or
   * `promptCache.routingRequestsPerMinute` when it is not a whole number of at least 1.
   */
  constructor(options: MockPromptCacheOptions, countTokens: (text: string) => number) {
    this.#minCacheableTokens = wholeNumber(
      options.minCacheableTokens ?? DEFAULT_MIN_CACHEABLE_TOKENS,
      "promptCache.minCacheableTokens",
    );
    this.#routing = new CacheRouting(
      wholeNumber(
        options.routingRequestsPerMinute ?? DEFAULT_ROUTING_REQUESTS_PER_MINUTE,
        "promptCache.routingRequestsPerMinute",
      ),
    );
    this.#countTokens = countTokens;
  }

  /** Reads and writes the cache for one prompt; says how many of its tokens were read and written. */
  consult(query: CacheQuery): CacheOutcome {
    const { prompt } = query;
    const common = {
      prefixes: prefixesOf(prompt.blocks, this.#countTokens),
      promptTokens: query.promptTokens,
      store: this.#store,
      namespace: query.namespace,
      now: query.now,
      minCacheableTokens: this.#minCacheableTokens,
    };
    return prompt.caching === "breakpoints"
      ? cacheAtBreakpoints({ ...common, prompt })
      : cacheAutomatically({ ...common, prompt, routing: this.#routing });
  }
}

function wholeNumber(value: number, parameter: string): number {
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new InvalidInputError({
    parameter,
    value: String(value),
    expected: "a whole number of at least 1",
  });
}
