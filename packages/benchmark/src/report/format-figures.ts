import { Decimal } from "@nucleo/core";
import type { CostSpread, Spread } from "./benchmark-report.js";
import { firstLine } from "./plain-text.js";

/** Shown where a figure does not exist (no runs succeeded, no score). */
export const NO_FIGURE = "-";

/** Fewest decimal places a cost is shown with, so a column of costs lines up. */
const COST_PLACES = 4;
const INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * A duration for people: whole milliseconds under a second (`850 ms`), tenths of a second
 * under a minute (`12.3 s`), minutes and seconds beyond (`2 m 05 s`).
 *
 * @internal
 */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, "0")} s`;
}

/** A count with thousands separators (`12,345`). @internal */
export function formatCount(value: number): string {
  return INTEGER.format(value);
}

/**
 * The decimal places that show a cost: at least four, and two significant digits of a
 * smaller one, so a cost that is not zero never reads as zero (`0.0000042`).
 *
 * @internal
 */
export function costPlaces(text: string): number {
  const fraction = /\.(0*)[1-9]/.exec(text.replace(/^-/, ""));
  // `0.000004`: five zeros after the point, so seven places show `0.0000040`.
  const leadingZeros =
    text.replace(/^-/, "").startsWith("0.") && fraction ? fraction[1]!.length : 0;
  return Math.max(COST_PLACES, leadingZeros + 2);
}

/** An exact cost (decimal text) in one currency: `0.0031 USD`. @internal */
export function formatCost(text: string, currency: string): string {
  return `${Decimal.parse(text).toFixed(costPlaces(text))} ${currency}`;
}

/** Every currency of a row's cost (normally one), or `-` when it cost nothing. @internal */
export function formatCosts(cost: Readonly<Record<string, string>>): string {
  const currencies = Object.keys(cost).sort();
  return currencies.length === 0
    ? NO_FIGURE
    : currencies.map((currency) => formatCost(cost[currency]!, currency)).join(" + ");
}

/** A mean cost per currency, with its deviation when asked for and known: `0.0031 ± 0.0004 USD`. @internal */
export function formatCostSpreads(
  cost: Readonly<Record<string, CostSpread>>,
  withDeviation: boolean,
): string {
  const currencies = Object.keys(cost).sort();
  if (currencies.length === 0) return NO_FIGURE;
  return currencies
    .map((currency) => {
      const { mean, stdDev } = cost[currency]!;
      const places = costPlaces(mean);
      // An exact zero reads as one; a small spread keeps the mean's places.
      const deviation =
        withDeviation && stdDev !== null ? ` ± ${stdDev === 0 ? "0" : stdDev.toFixed(places)}` : "";
      return `${Decimal.parse(mean).toFixed(places)}${deviation} ${currency}`;
    })
    .join(" + ");
}

/**
 * A spread's mean, and its deviation when asked for and known, each through `format`
 * (`7.5 ± 0.7`, `1.2 s ± 0.3 s`); `-` for no spread.
 *
 * @internal
 */
export function formatSpread(
  spread: Spread | null,
  withDeviation: boolean,
  format: (value: number) => string,
): string {
  if (spread === null) return NO_FIGURE;
  return withDeviation && spread.stdDev !== null
    ? `${format(spread.mean)} ± ${format(spread.stdDev)}`
    : format(spread.mean);
}

/** A score or a mean of scores: at most one decimal (`7`, `7.5`). @internal */
export function formatScore(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/**
 * A note fit for one line or table cell: its first line only (never a stack trace; a lone `\r`
 * ends a line too), as plain text (see {@link firstLine}), cut at `limit` characters with `…`.
 * Not escaped: a table escapes it for where it goes, after the cut, so an escape is never cut
 * in half.
 *
 * @internal
 */
export function formatNote(text: string, limit = 80): string {
  const line = firstLine(text).trim();
  // By code points, so the cut never splits an emoji's surrogate pair.
  const characters = [...line];
  return characters.length > limit ? `${characters.slice(0, limit - 1).join("")}…` : line;
}
