/**
 * A benchmark's per-model spread as SVG: one row per model, a panel per measure (judge score,
 * cost per currency, latency), each showing the min–max range as a line and every run as a
 * dot. Positions are floats, for drawing only.
 *
 * @packageDocumentation
 */

import type { BenchmarkRun } from "../../../src/api/contract.ts";
import { decimalToNumber } from "../lib/decimal.ts";
import { formatDuration } from "../lib/format.ts";
import { escapeControls } from "../lib/untrusted-segments.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";

/** A measure drawn in one panel. */
interface Measure {
  readonly title: string;
  readonly value: (run: BenchmarkRun) => number | null;
  readonly format: (value: number) => string;
  /** A fixed axis end (scores run 0..1), or null to fit the data. */
  readonly fixedMax: number | null;
}

const ROW = 26;
const PANEL_WIDTH = 260;
const PAD_X = 10;
const HEAD = 22;

function measuresFor(runs: readonly BenchmarkRun[]): Measure[] {
  const currencies = [...new Set(runs.flatMap((run) => Object.keys(run.cost)))].sort();
  const maxScore = Math.max(1, ...runs.map((run) => run.judgeScore ?? 0));
  return [
    {
      title: "judge score",
      value: (run) => run.judgeScore,
      format: (value) => String(Number(value.toFixed(3))),
      fixedMax: maxScore <= 1 ? 1 : maxScore <= 10 ? 10 : null,
    },
    ...currencies.map(
      (currency): Measure => ({
        title: `cost ${currency}`,
        value: (run) =>
          run.cost[currency] === undefined ? null : decimalToNumber(run.cost[currency]),
        format: (value) => String(Number(value.toPrecision(3))),
        fixedMax: null,
      }),
    ),
    { title: "latency", value: (run) => run.latencyMs, format: formatDuration, fixedMax: null },
  ];
}

function Panel({
  measure,
  models,
  runs,
}: {
  readonly measure: Measure;
  readonly models: readonly string[];
  readonly runs: readonly BenchmarkRun[];
}) {
  const values = runs.map((run) => measure.value(run)).filter((v): v is number => v !== null);
  const fitted = Math.max(0, ...values) * 1.05;
  const max = measure.fixedMax ?? (fitted > 0 ? fitted : 1);
  const scale = (value: number): number => PAD_X + (value / max) * (PANEL_WIDTH - 2 * PAD_X);
  const height = HEAD + models.length * ROW + 18;
  return (
    <svg
      viewBox={`0 0 ${PANEL_WIDTH} ${height}`}
      width={PANEL_WIDTH}
      height={height}
      className="spread-panel"
      role="img"
      aria-label={measure.title}
    >
      <text x={PAD_X} y={14} className="axis-title">
        {escapeControls(measure.title)}
      </text>
      {models.map((model, index) => {
        const y = HEAD + index * ROW + ROW / 2;
        const mine = runs.filter((run) => run.model === model);
        const points = mine
          .map((run) => ({ run, value: measure.value(run) }))
          .filter((p): p is { run: BenchmarkRun; value: number } => p.value !== null);
        const low = Math.min(...points.map((p) => p.value));
        const high = Math.max(...points.map((p) => p.value));
        return (
          <g key={model}>
            <line x1={PAD_X} x2={PANEL_WIDTH - PAD_X} y1={y} y2={y} className="grid-line" />
            {points.length > 0 ? (
              <line x1={scale(low)} x2={scale(high)} y1={y} y2={y} className="range-line" />
            ) : null}
            {points.map((point) => (
              <circle
                key={point.run.run}
                cx={scale(point.value)}
                cy={y}
                r={4}
                className={point.run.error === null ? "dot" : "dot dot-bad"}
                data-testid="spread-dot"
              >
                <title>
                  {escapeControls(
                    `${point.run.model} run ${point.run.run} (repeat ${point.run.repeat}): ${measure.format(point.value)}`,
                  )}
                </title>
              </circle>
            ))}
          </g>
        );
      })}
      <text x={PAD_X} y={height - 4} className="axis-text">
        0
      </text>
      <text x={PANEL_WIDTH - PAD_X} y={height - 4} textAnchor="end" className="axis-text">
        {measure.format(max)}
      </text>
    </svg>
  );
}

/**
 * The spread of a benchmark's runs per model.
 *
 * @example <SpreadChart runs={detail.runs} />
 */
export function SpreadChart({ runs }: { readonly runs: readonly BenchmarkRun[] }) {
  const models = [...new Set(runs.map((run) => run.model))].sort();
  const measures = measuresFor(runs);
  return (
    <div className="spread" data-testid="benchmark-spread">
      <div className="spread-models">
        <div className="spread-models-head">model</div>
        {models.map((model) => (
          <div key={model} className="spread-model mono">
            <UntrustedText text={model} links={false} />
          </div>
        ))}
      </div>
      {measures.map((measure) => (
        <Panel key={measure.title} measure={measure} models={models} runs={runs} />
      ))}
    </div>
  );
}
