/**
 * The figures a benchmark reports from its samples. Plain erasable TypeScript: Node runs the
 * benches that import it directly.
 */

/**
 * The `q` quantile (0 to 1) of `samples`, interpolated linearly between the two nearest ranks,
 * so a quantile of a small sample does not jump from one sample to the next.
 *
 * @example
 * quantile([1, 2, 3, 4], 0.5); // 2.5
 */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new RangeError("quantile: `samples` is empty");
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile: \`q\` must be 0 to 1, got ${q}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/**
 * The middle sample (the mean of the two middle ones for an even count).
 *
 * @example
 * median([3, 1, 2]); // 2
 * median([4, 1, 3, 2]); // 2.5
 */
export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/**
 * `value` over `baseline` as the benches print it: `×1.23`.
 *
 * @example
 * ratio(3, 2); // "×1.50"
 * ratio(3, 2, 1); // "×1.5"
 */
export function ratio(value: number, baseline: number, digits = 2): string {
  return `×${(value / baseline).toFixed(digits)}`;
}
