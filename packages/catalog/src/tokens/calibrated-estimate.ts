import { InvalidInputError } from "@nucleo/core";
import type { TokenCounter } from "./token-counter.js";

/**
 * Characters per token an estimate starts from: about 4 for English prose with the GPT and
 * Claude tokenizers. Code and non-Latin scripts run denser; the calibration corrects that.
 */
export const DEFAULT_CHARS_PER_TOKEN = 4;

/** How far one observation may move the factor, either way. */
const MAX_STEP = 4;

/**
 * How far the factor may go from 1, either way: from half a character per token to 32. Real
 * tokenizers stay well inside; reports paired with the wrong estimates (a provider or proxy
 * that misreports usage) could otherwise drive it anywhere, and with it every seat's size, so
 * that an entry's budget waits on seats hundreds of times too large.
 */
const MAX_FACTOR = 8;

/** How a {@link CalibratedEstimate} starts and learns. */
export interface CalibratedEstimateOptions {
  /** Shown as the counter's `name`. Default `estimate`. */
  readonly name?: string;
  /** The starting ratio. Default {@link DEFAULT_CHARS_PER_TOKEN}. */
  readonly charsPerToken?: number;
  /**
   * The least weight a new observation gets once many have been seen (the first ones are
   * averaged evenly). Default 0.1: the factor follows a provider's tokenizer change within
   * a few dozen calls.
   */
  readonly minimumWeight?: number;
}

/** How well an estimate has matched what its provider reported. */
export interface TokenCalibration {
  /** What the characters-per-token estimate is multiplied by; 1 before any observation. */
  readonly factor: number;
  /** Observations taken (those with a zero on either side are ignored). */
  readonly samples: number;
  /**
   * The mean of |estimated − reported| / reported over every observation, in percent, each
   * estimate judged as it was made (before its own observation moved the factor). 0 with no
   * samples.
   */
  readonly meanAbsolutePercentError: number;
}

/**
 * An estimate for a model without a public tokenizer: characters (code points, not bytes)
 * divided by a chars-per-token ratio, times a factor learned from the input tokens the
 * provider reports. One per catalog entry, since each model's tokenizer differs.
 *
 * The factor is a weighted geometric mean of reported/estimated ratios: the first
 * observations count evenly, later ones with at least `minimumWeight`, and one ratio moves it
 * at most 4× either way. Deterministic: no clocks.
 *
 * @example
 * const estimate = new CalibratedEstimate({ name: "estimate:anthropic-sonnet" });
 * const estimated = estimate.count(prompt); // what the reservation was priced at
 * estimate.observe(estimated, usage.inputTokens); // after the provider reports usage
 * estimate.calibration(); // { factor: 1.21, samples: 1, meanAbsolutePercentError: 17.4 }
 */
export class CalibratedEstimate implements TokenCounter {
  readonly kind = "estimate" as const;
  readonly name: string;
  readonly #charsPerToken: number;
  readonly #minimumWeight: number;
  #factor = 1;
  #samples = 0;
  #absolutePercentErrorSum = 0;

  constructor(options: CalibratedEstimateOptions = {}) {
    this.name = options.name ?? "estimate";
    this.#charsPerToken = positive(
      options.charsPerToken ?? DEFAULT_CHARS_PER_TOKEN,
      "charsPerToken",
    );
    this.#minimumWeight = Math.min(1, positive(options.minimumWeight ?? 0.1, "minimumWeight"));
  }

  /** The calibrated estimate of `text`'s tokens; 0 for the empty string, at least 1 otherwise. */
  count(text: string): number {
    return this.calibrate(this.measure(text));
  }

  /**
   * The uncalibrated, fractional estimate of `text`. It never changes for a given text, so a
   * cache may keep it and {@link calibrate} the sum when pricing.
   */
  measure(text: string): number {
    return codePoints(text) / this.#charsPerToken;
  }

  /** Whole tokens for a sum of {@link measure} results, under the current factor. */
  calibrate(measured: number): number {
    if (measured <= 0) return 0;
    // The small allowance keeps float products such as 3.0000000000000004 from rounding up.
    return Math.ceil(measured * this.#factor - 1e-9);
  }

  /**
   * Learns from one call: the input tokens it was priced at (a count of this estimate) and the
   * input tokens its provider reported. Ignored when either is zero or not a finite number.
   */
  observe(estimatedTokens: number, reportedTokens: number): void {
    if (
      !(
        estimatedTokens > 0 &&
        reportedTokens > 0 &&
        Number.isFinite(estimatedTokens) &&
        Number.isFinite(reportedTokens)
      )
    )
      return;
    this.#samples += 1;
    this.#absolutePercentErrorSum +=
      (Math.abs(estimatedTokens - reportedTokens) / reportedTokens) * 100;
    const ratio = Math.min(MAX_STEP, Math.max(1 / MAX_STEP, reportedTokens / estimatedTokens));
    const weight = Math.max(1 / this.#samples, this.#minimumWeight);
    this.#factor = Math.min(MAX_FACTOR, Math.max(1 / MAX_FACTOR, this.#factor * ratio ** weight));
  }

  /** The current factor and how far the estimates have been from what providers reported. */
  calibration(): TokenCalibration {
    return {
      factor: this.#factor,
      samples: this.#samples,
      meanAbsolutePercentError:
        this.#samples === 0 ? 0 : this.#absolutePercentErrorSum / this.#samples,
    };
  }
}

/** Unicode code points of `text`: a surrogate pair (an emoji, say) is one character. */
function codePoints(text: string): number {
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs += 1;
        index += 1;
      }
    }
  }
  return text.length - pairs;
}

function positive(value: number, name: string): number {
  if (!(value > 0 && Number.isFinite(value)))
    throw new InvalidInputError({
      parameter: name,
      value: String(value),
      expected: "a positive number",
    });
  return value;
}
