/**
 * Exact arithmetic on decimal text. Costs arrive as decimal strings (`"0.0132"`) and must add
 * up to the cent the ledger holds: a float sum drifts (`0.1 + 0.2`), so every total the pages
 * show is computed here as a BigInt scaled by a power of ten.
 *
 * @packageDocumentation
 */

/** A decimal as an integer count of units of `10^-scale`. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The largest exponent accepted, so `1e999999` cannot make a string of a million digits. */
const MAX_EXPONENT = 400;

/**
 * Reads decimal text (`"12"`, `"-0.50"`, `".5"`, `"1.5e-7"`) exactly.
 *
 * @throws Error naming the text when it is not a decimal number.
 * @example parseDecimal("0.0132"); // { units: 132n, scale: 4 }
 */
export function parseDecimal(text: string): ScaledDecimal {
  const match = DECIMAL_TEXT.exec(text.trim());
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || (whole === "" && fraction === "")) {
    throw new Error(`not a decimal number: ${JSON.stringify(text)}`);
  }
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (Math.abs(exponent) > MAX_EXPONENT) {
    throw new Error(`decimal exponent out of range: ${JSON.stringify(text)}`);
  }
  const sign = match[1] === "-" ? -1n : 1n;
  let units = BigInt(`${whole}${fraction}` || "0") * sign;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

/**
 * Whether `text` is decimal text {@link parseDecimal} accepts.
 *
 * @example isDecimal("1.25"); // true
 */
export function isDecimal(text: string): boolean {
  try {
    parseDecimal(text);
    return true;
  } catch {
    return false;
  }
}

function rescale(value: ScaledDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/**
 * Writes a scaled decimal as plain text with exactly `scale` fraction digits (no exponent).
 *
 * @example formatScaledDecimal({ units: -5n, scale: 3 }); // "-0.005"
 */
export function formatScaledDecimal(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? "-" : ""}${whole}${value.scale > 0 ? `.${fraction}` : ""}`;
}

/**
 * The exact sum of decimal texts, in its shortest form (no trailing fraction zeros), as the
 * recorder writes its sums: `0.0024 + 0.0016` is `"0.004"`. An empty list sums to `"0"`.
 *
 * @throws Error naming the first text that is not a decimal number.
 * @example sumDecimals(["0.1", "0.2"]); // "0.3"
 */
export function sumDecimals(values: Iterable<string>): string {
  let total: ScaledDecimal = { units: 0n, scale: 0 };
  for (const text of values) {
    const addend = parseDecimal(text);
    const scale = Math.max(total.scale, addend.scale);
    total = { units: rescale(total, scale) + rescale(addend, scale), scale };
  }
  return formatScaledDecimal(shortest(total));
}

// Drops trailing zeros of the fraction: the same number, written as the recorder writes it.
function shortest(value: ScaledDecimal): ScaledDecimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/**
 * The exact sum of two decimal texts.
 *
 * @example addDecimals("0.0132", "1.5"); // "1.5132"
 */
export function addDecimals(a: string, b: string): string {
  return sumDecimals([a, b]);
}

/**
 * Compares two decimal texts exactly: negative when `a < b`, 0 when equal, positive when greater.
 *
 * @example compareDecimals("0.10", "0.1"); // 0
 */
export function compareDecimals(a: string, b: string): number {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  const difference = rescale(left, scale) - rescale(right, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * Decimal text as a float, for drawing only (a bar's height); never for a total. Text that is
 * not a decimal number draws as 0.
 *
 * @example decimalToNumber("0.25"); // 0.25
 */
export function decimalToNumber(text: string): number {
  return isDecimal(text) ? Number(text) : 0;
}

/** Exact cost per currency, decimal text, as the API sends it. */
export type MoneyTotals = Readonly<Record<string, string>>;

/**
 * Adds cost maps per currency exactly: `{USD: "0.1"} + {USD: "0.2", EUR: "1"}` is
 * `{USD: "0.3", EUR: "1"}`. Currencies come out sorted by code.
 *
 * @throws Error naming the currency whose amount is not a decimal number.
 * @example sumMoney([{ USD: "0.1" }, { USD: "0.2" }]); // { USD: "0.3" }
 */
export function sumMoney(amounts: Iterable<MoneyTotals>): Record<string, string> {
  const byCurrency = new Map<string, string[]>();
  for (const amount of amounts) {
    for (const [currency, value] of Object.entries(amount)) {
      const list = byCurrency.get(currency);
      if (list) list.push(value);
      else byCurrency.set(currency, [value]);
    }
  }
  const totals: Record<string, string> = {};
  for (const currency of [...byCurrency.keys()].sort()) {
    try {
      totals[currency] = sumDecimals(byCurrency.get(currency) ?? []);
    } catch (error) {
      throw new Error(`cost in ${currency}: ${(error as Error).message}`);
    }
  }
  return totals;
}
