/**
 * Spend per day as SVG bars, one chart per currency (amounts in different currencies share no
 * axis). Heights are floats, for drawing only; the numbers shown are the exact decimal text.
 *
 * @packageDocumentation
 */

import type { CostRow } from "../../../src/api/contract.ts";
import { decimalToNumber } from "../lib/decimal.ts";
import { escapeControls } from "../lib/untrusted-segments.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";

const WIDTH = 900;
const HEIGHT = 180;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

function DayChart({
  currency,
  rows,
}: {
  readonly currency: string;
  readonly rows: readonly CostRow[];
}) {
  const sorted = [...rows].sort((a, b) => a.key.localeCompare(b.key));
  const max = niceMax(Math.max(0, ...sorted.map((row) => decimalToNumber(row.cost))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, sorted.length);
  const barWidth = Math.max(1, slot * 0.72);
  const labelEvery = Math.max(1, Math.ceil(sorted.length / 12));
  const gridValues = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  return (
    <figure className="chart" data-testid="cost-chart" data-currency={currency}>
      <figcaption>
        Spend per day, <UntrustedText text={currency} links={false} />
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`Spend per day in ${currency}`}
      >
        {gridValues.map((value) => {
          const y = PAD.top + plotHeight - (value / max) * plotHeight;
          return (
            <g key={value}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="grid-line" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="axis-text">
                {Number(value.toPrecision(3))}
              </text>
            </g>
          );
        })}
        {sorted.map((row, index) => {
          const height = (decimalToNumber(row.cost) / max) * plotHeight;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={row.key}>
              <rect
                x={x}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={Math.max(height, row.cost === "0" ? 0 : 0.5)}
                className="bar"
                data-testid="cost-chart-bar"
              >
                <title>
                  {escapeControls(`${row.key}: ${currency} ${row.cost} (${row.calls} calls)`)}
                </title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="axis-text">
                  {escapeControls(row.key.length > 10 ? row.key.slice(5, 10) : row.key.slice(5))}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * One day chart per currency in `rows` (grouped by day).
 *
 * @example <CostChart rows={rows} />
 */
export function CostChart({ rows }: { readonly rows: readonly CostRow[] }) {
  const byCurrency = new Map<string, CostRow[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency);
    if (list) list.push(row);
    else byCurrency.set(row.currency, [row]);
  }
  return (
    <div className="charts">
      {[...byCurrency.keys()].sort().map((currency) => (
        <DayChart key={currency} currency={currency} rows={byCurrency.get(currency) ?? []} />
      ))}
    </div>
  );
}
