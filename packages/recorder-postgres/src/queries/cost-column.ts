import { Decimal } from "@nucleo/core";

/** Scales up to this many digits after the point stay on the fast path. */
const MAX_FAST_SCALE = 30;
const POWERS_OF_TEN = Array.from({ length: MAX_FAST_SCALE + 1 }, (_, exponent) => 10 ** exponent);

/**
 * Exact sums of decimal amounts for many positions at once (one currency of many jobs). Most
 * costs have a few significant digits ("0.0042125"): those are held as a whole number of units
 * and a scale (0.0042125 is 42125 × 10^-7), added as plain numbers while every value involved
 * is a safe integer — exactly, since JavaScript adds and multiplies safe integers exactly —
 * and moved to a {@link Decimal} (bigint) the first time one would not be. So the answer is
 * always the exact sum, and the common case allocates nothing per amount. A trajectory sums
 * and rolls up a hundred thousand costs through this; parsing each into a `Decimal` and
 * printing each back took most of its time.
 *
 * @internal
 */
export class CostColumn {
  /** Units per position (valid where `#scale` is not -1 and no `Decimal` is held). */
  readonly #units: Float64Array;
  /** Digits after the point per position; -1 where nothing was added. */
  readonly #scale: Int8Array;
  /** Positions whose sum left the fast path. */
  readonly #exact = new Map<number, Decimal>();

  constructor(size: number) {
    this.#units = new Float64Array(size);
    this.#scale = new Int8Array(size).fill(-1);
  }

  /** Whether anything was added at `index` (a zero cost counts). */
  has(index: number): boolean {
    return this.#scale[index] !== -1;
  }

  /**
   * Adds decimal text (`"0.0042"`, `"-1"`) at `index` — all of `text`, or its characters from
   * `from` to `to` — refusing anything else.
   */
  addText(index: number, text: string, from = 0, to = text.length): void {
    // Digits read straight from the text: up to 15 make a safe integer. Anything longer, or not
    // plain decimal text, goes through Decimal (whose parse names what is wrong).
    let position = from;
    const negative = text.charCodeAt(position) === 45; /* - */
    if (negative) position += 1;
    let units = 0;
    let digits = 0;
    let scale = -1;
    for (; position < to; position += 1) {
      const code = text.charCodeAt(position);
      if (code >= 48 && code <= 57) {
        units = units * 10 + (code - 48);
        digits += 1;
        if (scale >= 0) scale += 1;
      } else if (code === 46 /* . */ && scale < 0 && digits > 0) scale = 0;
      else break;
    }
    if (position === to && digits > 0 && digits <= 15 && scale !== 0 && scale <= MAX_FAST_SCALE) {
      this.#addUnits(index, negative ? -units : units, Math.max(scale, 0));
    } else this.#addDecimal(index, Decimal.parse(text.slice(from, to)));
  }

  /** Adds the amount at `from` in `source` (this column or another) to the amount at `index`. */
  addFrom(index: number, source: CostColumn, from: number): void {
    const scale = source.#scale[from]!;
    if (scale === -1) return;
    const exact = source.#exact.get(from);
    if (exact === undefined) this.#addUnits(index, source.#units[from]!, scale);
    else this.#addDecimal(index, exact);
  }

  /** The amount at `index` as shortest exact text (`"0.3"`, never `"0.30"`), or `undefined` when nothing was added. */
  textAt(index: number): string | undefined {
    const scale = this.#scale[index]!;
    if (scale === -1) return undefined;
    const exact = this.#exact.get(index);
    return exact === undefined ? unitsText(this.#units[index]!, scale) : exact.toString();
  }

  #addUnits(index: number, units: number, scale: number): void {
    const heldScale = this.#scale[index]!;
    if (heldScale === -1) {
      this.#units[index] = units;
      this.#scale[index] = scale;
      return;
    }
    if (!this.#exact.has(index)) {
      const common = Math.max(heldScale, scale);
      const held = this.#units[index]! * POWERS_OF_TEN[common - heldScale]!;
      const added = units * POWERS_OF_TEN[common - scale]!;
      const sum = held + added;
      if (Number.isSafeInteger(held) && Number.isSafeInteger(added) && Number.isSafeInteger(sum)) {
        this.#units[index] = sum;
        this.#scale[index] = common;
        return;
      }
    }
    this.#addDecimal(index, fastDecimal(units, scale));
  }

  #addDecimal(index: number, amount: Decimal): void {
    const heldScale = this.#scale[index]!;
    if (heldScale === -1) {
      this.#scale[index] = 0;
      this.#exact.set(index, amount);
      return;
    }
    const held = this.#exact.get(index) ?? fastDecimal(this.#units[index]!, heldScale);
    this.#exact.set(index, held.plus(amount));
  }
}

function fastDecimal(units: number, scale: number): Decimal {
  return Decimal.parse(unitsText(units, scale));
}

/** `units × 10^-scale` as shortest decimal text, as `Decimal.toString` prints it. */
function unitsText(units: number, scale: number): string {
  const negative = units < 0;
  const digits = String(negative ? -units : units);
  if (scale === 0) return negative && units !== 0 ? `-${digits}` : digits;
  const padded = digits.length > scale ? digits : "0".repeat(scale - digits.length + 1) + digits;
  let end = padded.length;
  const point = padded.length - scale;
  while (end > point && padded.charCodeAt(end - 1) === 48 /* 0 */) end -= 1;
  const text =
    end === point
      ? padded.slice(0, point)
      : `${padded.slice(0, point)}.${padded.slice(point, end)}`;
  return negative && text !== "0" ? `-${text}` : text;
}
