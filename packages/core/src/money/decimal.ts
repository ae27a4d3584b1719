const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * An exact decimal: a bigint count of units and a power-of-ten scale. Costs are built from
 * prices (decimal text) times token counts, divided by a million, and summed — all exact, so a
 * ledger's total is the sum of its lines to the last digit, never a float's approximation.
 *
 * @example
 * const price = Decimal.parse("2.50");               // per million tokens
 * const cost = price.times(1_234).shiftLeft(6);       // 1,234 tokens: 0.003085
 * cost.plus(Decimal.parse("0.000015")).toString();   // "0.0031"
 */
export class Decimal {
  /** Zero, at scale 0. */
  static readonly ZERO = new Decimal(0n, 0);

  private constructor(
    /** The value times 10^scale. */
    readonly units: bigint,
    /** How many digits of `units` sit after the decimal point. */
    readonly scale: number,
  ) {}

  /** Parses plain decimal text (`"12"`, `"-0.075"`); exponents and separators are refused. */
  static parse(text: string): Decimal {
    const match = DECIMAL_TEXT.exec(text.trim());
    if (!match)
      throw new RangeError(
        `Decimal.parse: expected decimal text like "2.50", got ${JSON.stringify(text)}`,
      );
    const fraction = match[3] ?? "";
    const units = BigInt(match[2]! + fraction);
    return new Decimal(match[1] ? -units : units, fraction.length);
  }

  /** An exact integer (a token count, say). Non-integers are refused: pass text instead. */
  static fromInteger(value: number | bigint): Decimal {
    if (typeof value === "number" && !Number.isSafeInteger(value)) {
      throw new RangeError(`Decimal.fromInteger: expected a safe integer, got ${value}`);
    }
    return new Decimal(BigInt(value), 0);
  }

  /** Whether a value is a {@link Decimal}. */
  static isInstance(value: unknown): value is Decimal {
    return value instanceof Decimal;
  }

  /** The exact sum. */
  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.#at(scale) + other.#at(scale), scale);
  }

  /** The exact product with another decimal or an integer. */
  times(other: Decimal | number | bigint): Decimal {
    const factor = other instanceof Decimal ? other : Decimal.fromInteger(other);
    return new Decimal(this.units * factor.units, this.scale + factor.scale);
  }

  /** Divides by 10^places, exactly (the decimal point moves left). */
  shiftLeft(places: number): Decimal {
    if (!Number.isInteger(places) || places < 0)
      throw new RangeError("Decimal.shiftLeft: places must be a non-negative integer");
    return new Decimal(this.units, this.scale + places);
  }

  /**
   * The quotient by a positive integer, rounded half-even to `places` digits — for means and
   * shares, where an exact quotient may not end (1/3).
   */
  dividedBy(divisor: number | bigint, places: number): Decimal {
    if (typeof divisor === "number" && !Number.isSafeInteger(divisor))
      throw new RangeError(
        `Decimal.dividedBy: expected a positive integer divisor, got ${divisor}`,
      );
    const by = BigInt(divisor);
    if (by <= 0n)
      throw new RangeError(
        `Decimal.dividedBy: expected a positive integer divisor, got ${divisor}`,
      );
    if (!Number.isInteger(places) || places < 0)
      throw new RangeError("Decimal.dividedBy: places must be a non-negative integer");
    const numerator =
      places >= this.scale ? this.units * powerOfTen(places - this.scale) : this.units;
    // Dividing at a scale below this one would lose digits before rounding: keep them, then round.
    const extra = places >= this.scale ? 0 : this.scale - places;
    const divisorAtScale = by * powerOfTen(extra);
    return new Decimal(divideHalfEven(numerator, divisorAtScale), places);
  }

  /** Negative, zero or positive as this is less than, equal to or greater than `other`. */
  compare(other: Decimal): number {
    const scale = Math.max(this.scale, other.scale);
    const difference = this.#at(scale) - other.#at(scale);
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }

  /** Exact equality of value (scale does not matter: `1.50` equals `1.5`). */
  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  /** Whether the value is zero. */
  isZero(): boolean {
    return this.units === 0n;
  }

  /** The shortest exact text: no exponent, no trailing zeros (`"0.003085"`). */
  toString(): string {
    // Trailing zeros are stripped from the text: dividing the bigint by ten per zero allocated
    // a bigint per digit, and every priced call is written out.
    const text = format(this.units, this.scale);
    if (this.scale === 0) return text;
    let end = text.length;
    while (text.charCodeAt(end - 1) === 48 /* 0 */) end -= 1;
    if (text.charCodeAt(end - 1) === 46 /* . */) end -= 1;
    const stripped = text.slice(0, end);
    return stripped === "-0" ? "0" : stripped;
  }

  /** Text rounded half-even to `digits` places, for display only (`toFixed(2)` → `"0.00"`). */
  toFixed(digits: number): string {
    if (digits >= this.scale) return format(this.#at(digits), digits);
    return format(divideHalfEven(this.units, powerOfTen(this.scale - digits)), digits);
  }

  /** JSON carries the exact text, never a float. */
  toJSON(): string {
    return this.toString();
  }

  #at(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * powerOfTen(scale - this.scale);
  }
}

/** `numerator / divisor` (divisor > 0) rounded half to even: ties go to the even neighbour. */
function divideHalfEven(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n !== 0n))
    return quotient + (numerator < 0n ? -1n : 1n);
  return quotient;
}

const POWERS_OF_TEN: bigint[] = [];

function powerOfTen(exponent: number): bigint {
  return (POWERS_OF_TEN[exponent] ??= 10n ** BigInt(exponent));
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : "";
  return `${negative && units !== 0n ? "-" : ""}${whole}${fraction}`;
}
