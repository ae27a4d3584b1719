/**
 * Which provider API a request spoke: `openai` is Chat Completions (`POST /v1/chat/completions`),
 * `openai-responses` the Responses API (`POST /v1/responses`), `anthropic` Messages
 * (`POST /v1/messages`).
 */
export type MockWire = "openai" | "openai-responses" | "anthropic";

/** Token counts a scripted answer reports; anything left out is counted by the server. */
export interface MockUsage {
  /** Prompt tokens at the full price: cache reads and writes excluded (Nucleo's `TokenUsage` sense). */
  readonly inputTokens?: number;
  /** Prompt tokens served from the cache. */
  readonly cachedInputTokens?: number;
  /** Prompt tokens written to the cache (Anthropic reports them; OpenAI folds them into the prompt). */
  readonly cacheWriteTokens?: number;
  /** Of `cacheWriteTokens`, those written with the one-hour lifetime (Anthropic's `ephemeral_1h_input_tokens`). Default 0. */
  readonly cacheWrite1hTokens?: number;
  /** Answer tokens, reasoning excluded. */
  readonly outputTokens?: number;
  /** Hidden reasoning tokens; both wires report them inside the output total and apart in a breakdown. */
  readonly reasoningTokens?: number;
}

/** A tool call a scripted answer makes; the server mints the id when none is given. */
export interface MockToolCall {
  readonly id?: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * What the mock server does with one incoming call. Every kind works on every wire and, where
 * it makes sense, both as JSON and as a stream.
 *
 * @example
 * server.script(
 *   { kind: "throttle", retryAfterSeconds: 2 },
 *   { kind: "answer", toolCalls: [{ name: "search", arguments: { query: "pgvector" } }] },
 *   { kind: "answer", text: "Done.", usage: { inputTokens: 120, outputTokens: 3 } },
 * );
 */
export type MockReply =
  | {
      readonly kind: "answer";
      readonly text?: string;
      readonly toolCalls?: readonly MockToolCall[];
      /**
       * Anthropic: thinking blocks (the signature minted when left out). Responses: reasoning
       * items, the text as their summary and the signature as their `encrypted_content` (sent
       * when the request includes `reasoning.encrypted_content`). Chat Completions: never shown.
       * Counted as reasoning tokens on every wire.
       */
      readonly thinking?: ReadonlyArray<{ readonly text: string; readonly signature?: string }>;
      readonly usage?: MockUsage;
      /** Default `tool_calls` when the answer calls tools, else `end`. */
      readonly stopReason?: "end" | "tool_calls" | "max_tokens";
      /** Real milliseconds to wait before answering. */
      readonly delayMs?: number;
    }
  | {
      readonly kind: "throttle";
      /** Sent as the `retry-after` header; no header when left out. */
      readonly retryAfterSeconds?: number;
      /** Anthropic: 529 `overloaded_error` instead of 429. OpenAI: a 429 that says the engine is overloaded. */
      readonly overloaded?: boolean;
    }
  | { readonly kind: "error"; readonly status: number; readonly message?: string }
  | { readonly kind: "garbage"; readonly body?: string }
  | { readonly kind: "cut-stream"; readonly afterEvents?: number; readonly text?: string }
  | { readonly kind: "no-usage"; readonly text?: string }
  | { readonly kind: "slow"; readonly delayMs: number; readonly reply: MockReply };

/** One call the mock server received. The API key itself is never kept. */
export interface MockRequest {
  readonly wire: MockWire;
  readonly path: string;
  /** The parsed JSON body, as received. */
  readonly body: Record<string, unknown>;
  readonly stream: boolean;
  /** Whether an `Authorization` or `x-api-key` header came with the call. */
  readonly apiKeyPresent: boolean;
  /** The body's `model`, or `""` when it had none. */
  readonly model: string;
}

/** Rate limits the server enforces over a rolling window, as a provider would. */
export interface MockServerLimits {
  readonly requestsPerMinute?: number;
  /** Counted from the usage the server itself reports (input, cache, output and reasoning). */
  readonly tokensPerMinute?: number;
  /** The window's length. Default 60,000 ms. */
  readonly windowMs?: number;
}

/**
 * How the server models prompt caching. Anthropic caches at the request's `cache_control`
 * breakpoints; OpenAI (both wires) caches every prompt automatically. See the README.
 */
export interface MockPromptCacheOptions {
  /** The shortest prefix, in tokens, that is cached at all. Default 1,024. */
  readonly minCacheableTokens?: number;
  /**
   * OpenAI: how many requests a minute one routing key (start of the prompt + `prompt_cache_key`)
   * sends to its cache machine before the rest overflow to other machines. Default 15.
   */
  readonly routingRequestsPerMinute?: number;
}

/** How a {@link MockProviderServer} behaves; every field is optional. */
export interface MockServerOptions {
  readonly limits?: MockServerLimits;
  /** The time the limits' window and the prompt cache's lifetimes read. Default `Date.now`. */
  readonly clock?: { now(): number };
  /** How default usage counts text. Default `Math.ceil(characters / 4)`. */
  readonly countTokens?: (text: string) => number;
  /** The model name answers report. Default: the request's own model, echoed. */
  readonly model?: string;
  /**
   * How many calls `requests` keeps: the most recent ones, older ones dropped, so a server
   * that runs for days (the worker's mock mode, a soak test) holds a flat amount of memory.
   * Default 1,000; `Infinity` keeps every call, 0 none. `counts` never drops anything.
   */
  readonly keepRequests?: number;
  /**
   * Prompt caching as the providers document it (minimum length, lifetimes, prefix match),
   * reported in each answer's usage unless the script states the prompt's usage itself.
   * Default on, with the defaults of {@link MockPromptCacheOptions}; `false` reports no cache
   * reads or writes at all.
   */
  readonly promptCache?: false | MockPromptCacheOptions;
}

/** What a mock server has received and answered since it started: totals that drop nothing. */
export interface MockServerCounts {
  /** Calls whose body was a JSON object — all that `requests` records, including those it no longer keeps. */
  readonly requests: number;
  /** The same calls, per wire. */
  readonly byWire: Readonly<Record<MockWire, number>>;
  /** Calls answered with a model's answer (`answer` and `no-usage` replies). */
  readonly answered: number;
  /** Calls the rate limits answered with 429 (scripted throttles are not counted). */
  readonly throttled: number;
  /** Tokens the answers reported — input, cache, output and reasoning — as the rate limits count them. */
  readonly tokens: number;
  /** Of `tokens`, the prompt tokens the answers reported read from the cache. */
  readonly cachedInputTokens: number;
  /** Of `tokens`, the prompt tokens the answers reported written to the cache. */
  readonly cacheWriteTokens: number;
}
