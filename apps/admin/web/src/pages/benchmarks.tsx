/**
 * The benchmark reports, newest first, each linking to its detail.
 *
 * @packageDocumentation
 */

import { api } from "../api/endpoints.ts";
import { Empty, ErrorBanner, Loading, PageHeader } from "../components/common.tsx";
import { formatDuration, formatTime } from "../lib/format.ts";
import { benchmarkPath, runPath } from "../lib/routes.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";
import { Link } from "../router.tsx";
import { useApi } from "../use-api.ts";

/**
 * The list of benchmark reports.
 *
 * @example <BenchmarksPage />
 */
export function BenchmarksPage() {
  const list = useApi((signal) => api.benchmarks(signal), []);
  const reports = [...(list.data ?? [])].sort((a, b) => b.startedAt - a.startedAt);
  return (
    <div className="page">
      <PageHeader title="Benchmarks" />
      <ErrorBanner error={list.error} />
      {list.data === undefined ? (
        list.loading ? (
          <Loading />
        ) : null
      ) : reports.length === 0 ? (
        <Empty>No benchmark has been recorded.</Empty>
      ) : (
        <table className="table" data-testid="benchmarks-table">
          <thead>
            <tr>
              <th>Raced job</th>
              <th>Grade</th>
              <th className="num">Times</th>
              <th className="num">Runs</th>
              <th>Started</th>
              <th className="num">Took</th>
              <th>Judge / reference</th>
              <th>Run</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <tr key={report.jobId} data-testid="benchmarks-row">
                <td>
                  <Link
                    href={benchmarkPath(report.jobId)}
                    className="row-link"
                    data-testid="benchmarks-row-link"
                  >
                    <UntrustedText text={report.racedJob} links={false} />
                  </Link>
                </td>
                <td className="mono">
                  <UntrustedText text={report.grade} links={false} />
                </td>
                <td className="num mono">{report.times}</td>
                <td className="num mono">
                  {report.runs}
                  {report.failedRuns > 0 ? (
                    <span className="text-bad"> ({report.failedRuns} failed)</span>
                  ) : null}
                </td>
                <td className="mono nowrap">{formatTime(report.startedAt)}</td>
                <td className="num mono">{formatDuration(report.finishedAt - report.startedAt)}</td>
                <td className="small">
                  {report.judgeFailure === null && report.referenceFailure === null ? (
                    <span className="subtle">ok</span>
                  ) : null}
                  {report.judgeFailure !== null ? (
                    <div className="text-bad">
                      judge: <UntrustedText text={report.judgeFailure} />
                    </div>
                  ) : null}
                  {report.referenceFailure !== null ? (
                    <div className="text-bad">
                      reference: <UntrustedText text={report.referenceFailure} />
                    </div>
                  ) : null}
                </td>
                <td>
                  <Link href={runPath(report.rootId)} className="mono small">
                    <UntrustedText text={report.rootId} links={false} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
