/**
 * One benchmark report: what was raced, the spread per model, every run, and the judge's
 * reasons as text.
 *
 * @packageDocumentation
 */

import type { BenchmarkRun } from "../../../src/api/contract.ts";
import { api } from "../api/endpoints.ts";
import { ErrorBanner, Loading, Money, PageHeader, StatusBadge } from "../components/common.tsx";
import { formatCount, formatDuration, formatTime } from "../lib/format.ts";
import { runPath } from "../lib/routes.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";
import { Link } from "../router.tsx";
import { useApi } from "../use-api.ts";
import { SpreadChart } from "./spread-chart.tsx";

function score(value: number | null): string {
  return value === null ? "—" : String(Number(value.toFixed(3)));
}

function RunsTable({ runs }: { readonly runs: readonly BenchmarkRun[] }) {
  return (
    <table className="table" data-testid="benchmark-runs">
      <thead>
        <tr>
          <th className="num">Run</th>
          <th>Role</th>
          <th>Model</th>
          <th className="num">Repeat</th>
          <th>Status</th>
          <th className="num">Calls</th>
          <th className="num">Iterations</th>
          <th className="num">Tokens in/out</th>
          <th className="num">Latency</th>
          <th className="num">Wall</th>
          <th className="num">Cost</th>
          <th className="num">Judge</th>
          <th className="num">Scorer</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.run} data-testid="benchmark-run-row">
            <td className="num mono">{run.run}</td>
            <td>
              <UntrustedText text={run.role} links={false} />
            </td>
            <td className="mono small">
              <UntrustedText text={run.model} links={false} />
              <div className="subtle">
                <UntrustedText text={run.providerModel} links={false} />
              </div>
            </td>
            <td className="num mono">{run.repeat}</td>
            <td>
              <StatusBadge status={run.status} />
              {run.error !== null ? (
                <div className="text-bad small">
                  <UntrustedText text={run.error} />
                </div>
              ) : null}
            </td>
            <td className="num mono">{run.calls}</td>
            <td className="num mono">{run.iterations}</td>
            <td className="num mono">
              {formatCount(run.inputTokens)}/{formatCount(run.outputTokens)}
            </td>
            <td className="num mono">{formatDuration(run.latencyMs)}</td>
            <td className="num mono">{formatDuration(run.wallMs)}</td>
            <td className="num nowrap">
              <Money value={run.cost} />
            </td>
            <td className="num mono">{score(run.judgeScore)}</td>
            <td className="num mono">{score(run.scorerScore)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The page of benchmark report `jobId`.
 *
 * @example <BenchmarkPage jobId="j-1" />
 */
export function BenchmarkPage({ jobId }: { readonly jobId: string }) {
  const detail = useApi((signal) => api.benchmark(jobId, signal), [jobId]);
  const report = detail.data;
  const reasons = (report?.rows ?? []).filter((run) => run.judgeReason !== null);
  return (
    <div className="page">
      <PageHeader
        title={
          <>
            <Link href="/benchmarks" className="crumb">
              Benchmarks
            </Link>{" "}
            / {report ? <UntrustedText text={report.racedJob} links={false} /> : null}
          </>
        }
      >
        {report ? (
          <Link href={runPath(report.rootId)} className="button-quiet">
            Open the run
          </Link>
        ) : null}
      </PageHeader>
      <ErrorBanner error={detail.error} />
      {report === undefined ? (
        detail.loading ? (
          <Loading />
        ) : null
      ) : (
        <>
          <dl className="facts inline" data-testid="benchmark-facts">
            <dt>grade</dt>
            <dd className="mono">
              <UntrustedText text={report.grade} links={false} />
            </dd>
            <dt>times</dt>
            <dd className="mono">{report.times}</dd>
            <dt>runs</dt>
            <dd className="mono">
              {report.runs}
              {report.failedRuns > 0 ? (
                <span className="text-bad"> ({report.failedRuns} failed)</span>
              ) : null}
            </dd>
            <dt>started</dt>
            <dd className="mono">{formatTime(report.startedAt)}</dd>
            <dt>took</dt>
            <dd className="mono">{formatDuration(report.finishedAt - report.startedAt)}</dd>
          </dl>
          {report.judgeFailure !== null ? (
            <div className="error-banner">
              judge failed: <UntrustedText text={report.judgeFailure} />
            </div>
          ) : null}
          {report.referenceFailure !== null ? (
            <div className="error-banner">
              reference failed: <UntrustedText text={report.referenceFailure} />
            </div>
          ) : null}
          <h2>Spread per model</h2>
          <SpreadChart runs={report.rows} />
          <h2>Runs</h2>
          <RunsTable runs={report.rows} />
          <h2>Judge's reasons</h2>
          {reasons.length === 0 ? <p className="muted">The judge gave no reasons.</p> : null}
          <div className="reasons" data-testid="benchmark-reasons">
            {reasons.map((run) => (
              <div key={run.run} className="reason">
                <div className="reason-head mono small">
                  run {run.run} · <UntrustedText text={run.model} links={false} /> · score{" "}
                  {score(run.judgeScore)}
                </div>
                <div className="pre-wrap">
                  <UntrustedText text={run.judgeReason} />
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
