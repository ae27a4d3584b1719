/**
 * The selected job, in a side panel: its status, attempts, error and times, what it and its
 * subtree spent, its recorded input and output, and its model calls, each opening its
 * transcript.
 *
 * @packageDocumentation
 */

import { useState } from "react";
import type { CallsAndCost, RunJob } from "../../../../src/api/contract.ts";
import { api } from "../../api/endpoints.ts";
import { ErrorBanner, JsonBlock, Loading, Money, StatusBadge } from "../../components/common.tsx";
import { formatCount, formatDuration, formatTime, spanOf } from "../../lib/format.ts";
import { escapeControls } from "../../lib/untrusted-segments.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";
import { useApi } from "../../use-api.ts";
import { Transcript } from "./transcript.tsx";

function SpendLine({
  label,
  spend,
  testId,
}: {
  readonly label: string;
  readonly spend: CallsAndCost;
  readonly testId: string;
}) {
  // Tokens are per call, in the model calls below.
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <Money value={spend.cost} />{" "}
        <span className="subtle mono small">
          {formatCount(spend.calls)} {spend.calls === 1 ? "call" : "calls"}
        </span>
      </dd>
    </>
  );
}

function JobContent({ jobId }: { readonly jobId: string }) {
  const content = useApi((signal) => api.jobContent(jobId, signal), [jobId]);
  if (content.data === undefined) {
    return content.error ? (
      <ErrorBanner error={content.error} />
    ) : (
      <Loading what="Reading input and output" />
    );
  }
  const { input, output } = content.data;
  return (
    <>
      <h3>Input</h3>
      {input === undefined ? (
        <p className="muted">Not recorded.</p>
      ) : (
        <JsonBlock value={input} testId="job-input" />
      )}
      <h3>Output</h3>
      {output === undefined ? (
        <p className="muted">Not recorded.</p>
      ) : (
        <JsonBlock value={output} testId="job-output" />
      )}
    </>
  );
}

function JobCalls({ jobId }: { readonly jobId: string }) {
  const calls = useApi((signal) => api.jobCalls(jobId, signal), [jobId]);
  const [open, setOpen] = useState<number | null>(null);
  if (calls.data === undefined) {
    return calls.error ? (
      <ErrorBanner error={calls.error} />
    ) : (
      <Loading what="Reading model calls" />
    );
  }
  if (calls.data.length === 0) return <p className="muted">This job made no model calls.</p>;
  return (
    <>
      <table className="table compact" data-testid="job-calls">
        <thead>
          <tr>
            <th>#</th>
            <th>Entry / model</th>
            <th className="num">Tokens in/out</th>
            <th className="num">Cost</th>
            <th className="num">Latency</th>
          </tr>
        </thead>
        <tbody>
          {calls.data.map((call) => (
            <tr
              key={call.seq}
              className={open === call.seq ? "clickable selected" : "clickable"}
              onClick={() => setOpen(open === call.seq ? null : call.seq)}
              data-testid="call-row"
              data-seq={call.seq}
            >
              <td className="mono">
                <button type="button" className="link-button" data-testid="call-open">
                  {call.seq}
                </button>
              </td>
              <td className="mono small">
                <UntrustedText text={call.entryId} links={false} />
                <div className="subtle">
                  <UntrustedText text={call.responseModel} links={false} />
                </div>
              </td>
              <td className="mono num">
                {formatCount(call.tokens.input)}/{formatCount(call.tokens.output)}
              </td>
              <td className="mono num nowrap">{escapeControls(`${call.currency} ${call.cost}`)}</td>
              <td className="mono num">{formatDuration(call.latencyMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {open !== null ? <Transcript key={open} jobId={jobId} seq={open} /> : null}
    </>
  );
}

/**
 * The detail panel of one job.
 *
 * @example <JobPanel job={job} now={now} onClose={() => select(null)} />
 */
export function JobPanel({
  job,
  now,
  onClose,
}: {
  readonly job: RunJob;
  readonly now: number;
  readonly onClose: () => void;
}) {
  return (
    <aside className="job-panel" data-testid="job-detail" data-job-id={job.jobId}>
      <div className="panel-head">
        <div>
          <div className="panel-title">
            <StatusBadge status={job.status} />{" "}
            {job.ordinal !== null ? <span className="mono subtle">#{job.ordinal} </span> : null}
            <UntrustedText text={job.jobName} links={false} />
          </div>
          <div className="mono subtle small" data-testid="job-detail-id">
            <UntrustedText text={job.jobId} links={false} />
          </div>
        </div>
        <button
          type="button"
          className="button-quiet"
          onClick={onClose}
          data-testid="job-detail-close"
          aria-label="Close"
        >
          ✕
        </button>
      </div>
      <dl className="facts">
        <dt>kind / class</dt>
        <dd className="mono">
          <UntrustedText text={job.kind} links={false} /> ·{" "}
          <UntrustedText text={job.jobClass} links={false} />
        </dd>
        <dt>attempts</dt>
        <dd className="mono" data-testid="job-detail-attempts">
          {job.attempts}
        </dd>
        <dt>submitted</dt>
        <dd className="mono">{formatTime(job.submittedAt)}</dd>
        <dt>started</dt>
        <dd className="mono">{formatTime(job.startedAt)}</dd>
        <dt>ended</dt>
        <dd className="mono">{formatTime(job.endedAt)}</dd>
        <dt>took</dt>
        <dd className="mono">{spanOf(job.startedAt, job.endedAt, now)}</dd>
        {job.replayedFrom !== null ? (
          <>
            <dt>replayed from</dt>
            <dd className="mono">
              <UntrustedText text={job.replayedFrom} links={false} />
            </dd>
          </>
        ) : null}
        {job.error !== null ? (
          <>
            <dt>error</dt>
            <dd className="job-error" data-testid="job-detail-error">
              {job.error.code ? (
                <code>
                  <UntrustedText text={job.error.code} links={false} />
                </code>
              ) : null}{" "}
              <span className="pre-wrap">
                <UntrustedText text={job.error.message} />
              </span>
            </dd>
          </>
        ) : null}
        <SpendLine label="own spend" spend={job.own} testId="job-detail-own" />
        <SpendLine label="subtree spend" spend={job.subtree} testId="job-detail-subtree" />
      </dl>
      <JobContent key={`content-${job.jobId}`} jobId={job.jobId} />
      <h3>Model calls</h3>
      <JobCalls key={`calls-${job.jobId}`} jobId={job.jobId} />
    </aside>
  );
}
