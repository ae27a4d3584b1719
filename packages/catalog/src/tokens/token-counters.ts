import { stderrLogger, type Logger } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import {
  CalibratedEstimate,
  type CalibratedEstimateOptions,
  type TokenCalibration,
} from "./calibrated-estimate.js";
import { EncodingCounter } from "./encoding-counter.js";
import {
  processTokenizer,
  type GptTokenizerLoader,
  type TokenizerEncoding,
} from "./gpt-tokenizer-loader.js";
import type { RenderedRequest } from "./rendered-request.js";
import { RequestTokenCounter } from "./request-token-counter.js";
import type { TokenCounter } from "./token-counter.js";

/** What choosing a counter needs of a catalog entry. */
type CountedEntry = Pick<CatalogEntry, "id" | "provider" | "tokenizer">;

/** How a {@link TokenCounters} starts its estimates, and where its exact counts load from. */
export interface TokenCountersOptions extends Omit<CalibratedEstimateOptions, "name"> {
  /**
   * Where gpt-tokenizer loads from: the process's own loader, unless a test injects one that
   * reports the package absent.
   *
   * @internal
   */
  readonly tokenizer?: GptTokenizerLoader;
  /** Told, once per process, when gpt-tokenizer is missing. Default: core's `stderrLogger`. */
  readonly logger?: Logger;
}

/** OpenAI's current models (GPT-4o, GPT-4.1, GPT-5, o-series) use this encoding. */
const OPENAI_DEFAULT_ENCODING: TokenizerEncoding = "o200k_base";

/**
 * The token counters of a deployment, one per catalog entry: an exact counter when the entry
 * names a `tokenizer` (or is an OpenAI entry, which defaults to `o200k_base`), otherwise a
 * {@link CalibratedEstimate} kept per entry id, so what it learns from reported usage persists.
 * Exact counts need the optional peer gpt-tokenizer: without it, entries that would be counted
 * exactly get the calibrated estimate too, and the logger is told once, naming the package.
 * Request counters are shared per counter, so their caches serve every request of an entry.
 *
 * @example
 * const tokens = new TokenCounters();
 * const inputTokens = tokens.countRequest(entry, { messages: turns });
 * // after the call, with the usage the provider reported:
 * tokens.observe(entry, inputTokens, usage.inputTokens);
 * tokens.calibrations(); // Map { "anthropic-sonnet" => { factor, samples, meanAbsolutePercentError } }
 */
export class TokenCounters {
  readonly #estimateOptions: Omit<CalibratedEstimateOptions, "name">;
  readonly #tokenizer: GptTokenizerLoader;
  readonly #logger: Logger;
  readonly #exact = new Map<TokenizerEncoding, EncodingCounter>();
  readonly #estimates = new Map<string, CalibratedEstimate>();
  readonly #requests = new Map<TokenCounter, RequestTokenCounter>();

  /** `options` sets up every entry's estimate (its starting ratio, how fast it learns). */
  constructor(options: TokenCountersOptions = {}) {
    const { tokenizer, logger, ...estimates } = options;
    this.#estimateOptions = estimates;
    this.#tokenizer = tokenizer ?? processTokenizer;
    this.#logger = logger ?? stderrLogger;
  }

  /** The counter for `entry`: the same object on every call for the same entry id. */
  counterFor(entry: CountedEntry): TokenCounter {
    const encoding =
      entry.tokenizer ?? (entry.provider === "openai" ? OPENAI_DEFAULT_ENCODING : undefined);
    if (encoding === undefined) return this.#estimateFor(entry.id);
    if (this.#tokenizer.installed()) return this.#exactCounter(encoding);
    this.#tokenizer.warnMissing(this.#logger);
    return this.#estimateFor(entry.id);
  }

  /** The request counter for `entry`, shared by every entry with the same counter. */
  requestCounterFor(entry: CountedEntry): RequestTokenCounter {
    const counter = this.counterFor(entry);
    let requests = this.#requests.get(counter);
    if (requests === undefined) {
      requests = new RequestTokenCounter(counter);
      this.#requests.set(counter, requests);
    }
    return requests;
  }

  /** The input tokens of `request` when sent to `entry`'s model. */
  countRequest(entry: CountedEntry, request: RenderedRequest): number {
    return this.requestCounterFor(entry).count(request);
  }

  /**
   * Learns from one settled call of `entry`: the input tokens it was priced at and those its
   * provider reported. Only estimates learn; for an exact counter this does nothing.
   */
  observe(entry: CountedEntry, estimatedInputTokens: number, reportedInputTokens: number): void {
    const counter = this.counterFor(entry);
    if (counter instanceof CalibratedEstimate)
      counter.observe(estimatedInputTokens, reportedInputTokens);
  }

  /** The calibration of every estimate made so far, by entry id. */
  calibrations(): ReadonlyMap<string, TokenCalibration> {
    return new Map(
      [...this.#estimates].map(([entryId, estimate]) => [entryId, estimate.calibration()]),
    );
  }

  #exactCounter(encoding: TokenizerEncoding): EncodingCounter {
    let counter = this.#exact.get(encoding);
    if (counter === undefined) {
      counter = new EncodingCounter(encoding, this.#tokenizer);
      this.#exact.set(encoding, counter);
    }
    return counter;
  }

  #estimateFor(entryId: string): CalibratedEstimate {
    let estimate = this.#estimates.get(entryId);
    if (estimate === undefined) {
      estimate = new CalibratedEstimate({ ...this.#estimateOptions, name: `estimate:${entryId}` });
      this.#estimates.set(entryId, estimate);
    }
    return estimate;
  }
}
