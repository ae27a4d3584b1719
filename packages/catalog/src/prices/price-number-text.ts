/** The most decimals a price per million tokens may carry; no published price has more. */
const MAX_DECIMALS = 6;

/**
 * How far the written text may sit from the number, relative to it. Float noise such as
 * `0.1 + 0.2 = 0.30000000000000004` is about 1e-16 away from `0.3`; a real seventh decimal on
 * any plausible price is far more than 1e-12 away, so it is refused rather than rounded off.
 */
const NOISE_TOLERANCE = 1e-12;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** The outcome of {@link priceNumberText}: the decimal text, or why there is none. */
export type PriceNumberText =
  | { readonly success: true; readonly text: string }
  | { readonly success: false; readonly reason: string };

/**
 * Writes a price the price list gives as a number as exact decimal text (`0.075` → `"0.075"`),
 * shedding float noise (`0.30000000000000004` → `"0.3"`) but never a real digit: a number
 * that needs more than six decimals, is negative, is not finite or would need an exponent is
 * refused, so a price is never silently changed on its way into a catalog.
 *
 * @example
 * priceNumberText(0.075); // { success: true, text: "0.075" }
 * priceNumberText(1e-7); // { success: false, reason: "..." }
 */
export function priceNumberText(value: number): PriceNumberText {
  if (!Number.isFinite(value) || value < 0)
    return { success: false, reason: `expected a finite non-negative number, got ${value}` };
  const text = value.toFixed(MAX_DECIMALS).replace(/\.?0+$/, "");
  const exact =
    PLAIN_DECIMAL.test(text) && Math.abs(Number(text) - value) <= Math.abs(value) * NOISE_TOLERANCE;
  if (!exact)
    return {
      success: false,
      reason: `expected at most ${MAX_DECIMALS} decimals and no exponent, got ${value}`,
    };
  return { success: true, text };
}
