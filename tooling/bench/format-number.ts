/**
 * Numbers as the bench tables print them: `en-US` grouping, a fixed count of decimals.
 *
 * @example
 * fixed(12345.678, 1); // "12,345.7"
 */
export function fixed(value: number, digits: number): string {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * A whole number with thousands separators (a rate, a count).
 *
 * @example
 * whole(1234.6); // "1,235"
 */
export function whole(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
