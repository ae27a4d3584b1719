import { Decimal } from "@nucleo/core";
import type { CostSpread, Spread } from "./benchmark-report.js";

/**
 * Mean, sample standard deviation, minimum and maximum of some measurements; `null` when
 * there are none. The deviation divides by `count - 1` (the runs are a sample of what the
 * model would do), so it needs two values and is `null` with one.
 *
 * @example
 * spreadOf([2, 4, 9]); // { mean: 5, stdDev: 3.605..., min: 2, max: 9, count: 3 }
 */
export function spreadOf(values: readonly number[]): Spread | null {
  const count = values.length;
  if (count === 0) return null;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const mean = sum / count;
  // Two passes: summing squared deviations from the mean stays accurate where the one-pass
  // formula (sum of squares minus square of sum) cancels catastrophically.
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return { mean, stdDev: count < 2 ? null : Math.sqrt(squares / (count - 1)), min, max, count };
}

/** Places a cost mean is rounded to: a run that cost a few tokens at a cheap price still shows. */
const MEAN_PLACES = 12;

/**
 * The mean and sample standard deviation of some exact costs (decimal text). The mean is
 * exact, rounded half-even to 12 places — or, when that would round a nonzero mean to zero,
 * to one place past its first nonzero digit, so a mean never reads as free when it was not.
 * The deviation is computed exactly up to its final square root, then given as a number.
 * `null` when there are no costs.
 *
 * @example
 * costSpreadOf(["0.001", "0.002"]); // { mean: "0.0015", stdDev: 0.000707... }
 */
export function costSpreadOf(costs: readonly string[]): CostSpread | null {
  const count = costs.length;
  if (count === 0) return null;
  let sum = Decimal.ZERO;
  let sumOfSquares = Decimal.ZERO;
  for (const text of costs) {
    const cost = Decimal.parse(text);
    sum = sum.plus(cost);
    sumOfSquares = sumOfSquares.plus(cost.times(cost));
  }
  const mean = meanOf(sum, count).toString();
  if (count < 2) return { mean, stdDev: null };
  // n·Σx² − (Σx)² is exact in decimals and never negative, so only the square root rounds.
  const spreadTimesN = sumOfSquares.times(count).plus(sum.times(sum).times(-1));
  return { mean, stdDev: Math.sqrt(Number(spreadTimesN.toString()) / (count * (count - 1))) };
}

function meanOf(sum: Decimal, count: number): Decimal {
  const mean = sum.dividedBy(count, MEAN_PLACES);
  if (!mean.isZero() || sum.isZero()) return mean;
  let places = MEAN_PLACES + 1;
  while (sum.dividedBy(count, places).isZero()) places += 1;
  return sum.dividedBy(count, places + 1);
}
