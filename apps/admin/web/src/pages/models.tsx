/**
 * Models and limits: each catalog entry's prices and per-minute limits, the live headroom of
 * the shared admission against them (re-read every few seconds), and the seat sizing learned
 * from recorded calls.
 *
 * @packageDocumentation
 */

import type { ModelView, SeatSizingView } from "../../../src/api/contract.ts";
import { api } from "../api/endpoints.ts";
import { Empty, ErrorBanner, Loading, PageHeader } from "../components/common.tsx";
import { formatCount, formatDuration, formatTime } from "../lib/format.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";
import { useApi } from "../use-api.ts";

/** How often the headroom is re-read. */
const REFRESH_MS = 3_000;

/**
 * A booked-against-limit bar, drawn as SVG so no style attribute is needed: green, then amber
 * past 70 %, red past 90 %.
 */
function UsageBar({
  used,
  limit,
  label,
  testId,
}: {
  readonly used: number;
  readonly limit: number | null;
  readonly label: string;
  readonly testId: string;
}) {
  if (limit === null) {
    return (
      <div className="usage" data-testid={testId}>
        <span className="usage-label">{label}</span>{" "}
        <span className="subtle">no limit · {formatCount(used)} booked</span>
      </div>
    );
  }
  const fraction = limit > 0 ? Math.min(1, used / limit) : 1;
  const level = fraction > 0.9 ? "high" : fraction > 0.7 ? "mid" : "low";
  return (
    <div className="usage" data-testid={testId} data-used={used} data-limit={limit}>
      <span className="usage-label">{label}</span>
      <svg
        className="usage-bar"
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${used} of ${limit}`}
      >
        <rect x={0} y={0} width={100} height={8} className="usage-track" />
        <rect
          x={0}
          y={0}
          width={fraction * 100}
          height={8}
          className={`usage-fill usage-${level}`}
        />
      </svg>
      <span className="mono small">
        {formatCount(used)} / {formatCount(limit)}
      </span>
    </div>
  );
}

function Headroom({ model, at }: { readonly model: ModelView; readonly at: number }) {
  const headroom = model.headroom;
  if (headroom === null) return <span className="subtle">no shared admission to read</span>;
  const { limits } = model;
  const booked = headroom.bookedInputTokens + headroom.bookedOutputTokens;
  const coolingFor = headroom.coolingUntil === null ? 0 : headroom.coolingUntil - at;
  const anyLimit = Object.values(limits).some((limit) => limit !== null);
  return (
    <div className="headroom">
      {limits.requestsPerMinute !== null ? (
        <UsageBar
          used={headroom.bookedRequests}
          limit={limits.requestsPerMinute}
          label="requests"
          testId="headroom-requests"
        />
      ) : null}
      {limits.tokensPerMinute !== null ? (
        <UsageBar
          used={booked}
          limit={limits.tokensPerMinute}
          label="tokens"
          testId="headroom-tokens"
        />
      ) : null}
      {limits.inputTokensPerMinute !== null ? (
        <UsageBar
          used={headroom.bookedInputTokens}
          limit={limits.inputTokensPerMinute}
          label="input tokens"
          testId="headroom-input-tokens"
        />
      ) : null}
      {limits.outputTokensPerMinute !== null ? (
        <UsageBar
          used={headroom.bookedOutputTokens}
          limit={limits.outputTokensPerMinute}
          label="output tokens"
          testId="headroom-output-tokens"
        />
      ) : null}
      {anyLimit ? null : (
        <span className="subtle small">
          no limits · booked {formatCount(headroom.bookedRequests)} requests, {formatCount(booked)}{" "}
          tokens
        </span>
      )}
      <div className="headroom-line small">
        {headroom.waiting === null ? (
          <span className="subtle" data-testid="headroom-waiting">
            no seat waiting
          </span>
        ) : (
          <span className="waiting" data-testid="headroom-waiting">
            a seat waits {formatDuration(Math.max(0, at - headroom.waiting.since))} for{" "}
            {formatCount(headroom.waiting.inputTokens)} in /{" "}
            {formatCount(headroom.waiting.outputTokens)} out
          </span>
        )}
        {coolingFor > 0 ? (
          <span className="cooling" data-testid="headroom-cooling">
            cooling {formatDuration(coolingFor)}
          </span>
        ) : (
          <span className="subtle">not cooling</span>
        )}
      </div>
    </div>
  );
}

function Prices({
  prices,
  currency,
}: {
  readonly prices: Readonly<Record<string, string>>;
  readonly currency: string;
}) {
  const entries = Object.entries(prices);
  if (entries.length === 0) return <span className="subtle">—</span>;
  return (
    <div className="prices mono small">
      {entries.map(([kind, price]) => (
        <div key={kind}>
          <UntrustedText text={kind} links={false} />{" "}
          <UntrustedText text={`${currency} ${price}`} links={false} />
        </div>
      ))}
    </div>
  );
}

function Limit({ label, value }: { readonly label: string; readonly value: number | null }) {
  return (
    <div className="nowrap">
      {label} {value === null ? <span className="subtle">—</span> : formatCount(value)}
    </div>
  );
}

function SeatSizing({ rows }: { readonly rows: readonly SeatSizingView[] }) {
  if (rows.length === 0) return <Empty>No recorded calls to size seats from.</Empty>;
  return (
    <table className="table" data-testid="seat-sizing">
      <thead>
        <tr>
          <th>Job class</th>
          <th className="num">Calls</th>
          <th className="num">Max output</th>
          <th className="num">p95 output</th>
          <th className="num">Stops at max tokens</th>
          <th className="num">Recommended rung</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.jobClass} data-testid="seat-sizing-row">
            <td className="mono">
              <UntrustedText text={row.jobClass} links={false} />
            </td>
            <td className="num mono">{formatCount(row.calls)}</td>
            <td className="num mono">{formatCount(row.maxOutputTokens)}</td>
            <td className="num mono">{formatCount(row.p95OutputTokens)}</td>
            <td className={row.maxTokensStops > 0 ? "num mono text-bad" : "num mono"}>
              {row.maxTokensStops}
            </td>
            <td className="num mono">
              <UntrustedText text={row.recommendedRung} links={false} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The models and limits page.
 *
 * @example <ModelsPage />
 */
export function ModelsPage() {
  const view = useApi((signal) => api.models(signal), [], REFRESH_MS);
  const data = view.data;
  return (
    <div className="page">
      <PageHeader title="Models & limits">
        {data ? (
          <span className="subtle small" data-testid="models-read-at">
            headroom read {formatTime(data.at)}, every {REFRESH_MS / 1000} s
          </span>
        ) : null}
      </PageHeader>
      <ErrorBanner error={view.error} />
      {data === undefined ? (
        view.loading ? (
          <Loading />
        ) : null
      ) : (
        <>
          {data.models.length === 0 ? <Empty>The catalog has no entries.</Empty> : null}
          {data.models.length > 0 ? (
            <table className="table" data-testid="models-table">
              <thead>
                <tr>
                  <th>Entry</th>
                  <th>Grade</th>
                  <th>Price per M tokens</th>
                  <th>Limits per minute</th>
                  <th>Headroom now</th>
                </tr>
              </thead>
              <tbody>
                {data.models.map((model) => (
                  <tr key={model.id} data-testid="headroom-row" data-model-id={model.id}>
                    <td>
                      <div className="mono">
                        <UntrustedText text={model.id} links={false} />
                      </div>
                      <div className="subtle small mono">
                        <UntrustedText text={`${model.provider} · ${model.model}`} links={false} />
                      </div>
                    </td>
                    <td className="mono">
                      <UntrustedText text={model.grade} links={false} />
                    </td>
                    <td>
                      <Prices prices={model.prices} currency={model.currency} />
                    </td>
                    <td className="mono small">
                      <Limit label="requests" value={model.limits.requestsPerMinute} />
                      <Limit label="tokens" value={model.limits.tokensPerMinute} />
                      <Limit label="input" value={model.limits.inputTokensPerMinute} />
                      <Limit label="output" value={model.limits.outputTokensPerMinute} />
                    </td>
                    <td className="headroom-cell">
                      <Headroom model={model} at={data.at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <h2>Seat sizing</h2>
          <SeatSizing rows={data.seatSizing} />
        </>
      )}
    </div>
  );
}
