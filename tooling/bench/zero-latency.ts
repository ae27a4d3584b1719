/**
 * What the benches around a model call share: a client that answers at once, and a catalog
 * entry no bench reaches the limits of, so what is measured is the runtime around the call.
 * Plain data, typed by shape: tooling depends on no workspace package, and the objects fit
 * `LlmClient` and `parseCatalog` where the benches use them.
 */

/** The answer {@link zeroLatencyClient} gives: its text, token usage and reported model. */
export interface ZeroLatencyAnswer {
  readonly content: string;
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
  readonly providerModel: string;
}

/** The complete response the client returns: the answer, no tool calls, no thinking, `end`. */
export interface ZeroLatencyResponse extends ZeroLatencyAnswer {
  readonly toolCalls: readonly never[];
  readonly thinking: readonly never[];
  readonly stopReason: "end";
}

/** A client (an `LlmClient` by shape) that answers every call at once with the same response. */
export interface ZeroLatencyClient {
  send(): Promise<ZeroLatencyResponse>;
  stream(): AsyncGenerator<never, ZeroLatencyResponse, void>;
}

/**
 * A client that answers every call at once, sent or streamed, with `answer`.
 *
 * @example
 * const client = zeroLatencyClient({ content: '{"answer": "Paris"}', usage: { inputTokens: 90, outputTokens: 8 }, providerModel: "zero" });
 * const environment = LlmEnvironment.from(admission, { openai: client });
 */
export function zeroLatencyClient(answer: ZeroLatencyAnswer): ZeroLatencyClient {
  const response: ZeroLatencyResponse = {
    ...answer,
    toolCalls: [],
    thinking: [],
    stopReason: "end",
  };
  return {
    send: async () => response,
    async *stream() {
      return response;
    },
  };
}

/** What a {@link benchEntry} varies: its id and grade, its window and ceiling, its prices. */
export interface BenchEntryOptions {
  readonly id: string;
  /** The provider's model name; the id when absent. */
  readonly model?: string;
  readonly grade: "SMALL" | "MEDIUM" | "LARGE";
  readonly contextWindow: number;
  readonly outputCeiling: number;
  /** Prices per million tokens in USD, as decimal strings. */
  readonly prices: { readonly input: string; readonly output: string; readonly cacheRead?: string };
}

/**
 * A raw OpenAI catalog entry (for `parseCatalog`) with limits no bench reaches (a billion
 * requests and a trillion tokens a minute), so admission never makes a measured call wait.
 *
 * @example
 * const catalog = parseCatalog([benchEntry({ id: "zero", grade: "SMALL", contextWindow: 128_000, outputCeiling: 16_000, prices: { input: "0.1", output: "0.4" } })], "bench");
 */
export function benchEntry(options: BenchEntryOptions) {
  return {
    id: options.id,
    provider: "openai",
    model: options.model ?? options.id,
    grade: options.grade,
    contextWindow: options.contextWindow,
    outputCeiling: options.outputCeiling,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "bench", ...options.prices },
    limits: { requestsPerMinute: 1_000_000_000, tokensPerMinute: 1_000_000_000_000 },
  };
}

/**
 * The entry the tool and thinker benches share: `zero`, SMALL, a 128,000-token window, a
 * 16,000-token ceiling, $0.10 / $0.40 per million tokens.
 *
 * @example
 * const catalog = parseCatalog([smallBenchEntry()], "bench");
 */
export function smallBenchEntry() {
  return benchEntry({
    id: "zero",
    grade: "SMALL",
    contextWindow: 128_000,
    outputCeiling: 16_000,
    prices: { input: "0.1", output: "0.4" },
  });
}
