/**
 * The fleet: how many workflows the queue holds in each state, the workers and how long ago
 * each last beat, the schedules, recent workflows and dead letters; operators also cancel,
 * retry and submit.
 *
 * @packageDocumentation
 */

import type { FleetView, QueueCounts } from "../../../../src/api/contract.ts";
import { api } from "../../api/endpoints.ts";
import { Empty, ErrorBanner, Loading, PageHeader, StatusBadge } from "../../components/common.tsx";
import { formatAge, formatTime, spanOf } from "../../lib/format.ts";
import { runPath } from "../../lib/routes.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";
import { Link } from "../../router.tsx";
import { isOperator, useSession } from "../../session.ts";
import { useApi, useNow } from "../../use-api.ts";
import { ActionButton } from "./action-button.tsx";
import { SubmitForm } from "./submit-form.tsx";

const REFRESH_MS = 5_000;
/** A worker silent longer than this is shown as stale. */
const STALE_HEARTBEAT_MS = 60_000;
const CANCELLABLE = new Set(["queued", "retrying", "running"]);

function Counts({ counts }: { readonly counts: QueueCounts | null }) {
  if (counts === null) return <p className="muted">This console runs without a fleet queue.</p>;
  const entries: [string, number][] = [
    ["queued", counts.queued],
    ["running", counts.running],
    ["retrying", counts.retrying],
    ["finished", counts.finished],
    ["failed", counts.failed],
    ["cancelled", counts.cancelled],
    ["dead letters", counts.deadLetters],
  ];
  return (
    <div className="totals" data-testid="fleet-counts">
      {entries.map(([label, value]) => (
        <div key={label} className="total-card" data-testid="fleet-count" data-state={label}>
          <div className="total-label">{label}</div>
          <div className="total-value mono">{value.toLocaleString("en-US")}</div>
        </div>
      ))}
    </div>
  );
}

function Workers({ fleet, now }: { readonly fleet: FleetView; readonly now: number }) {
  if (fleet.workers.length === 0) return <Empty>No worker is serving the queue.</Empty>;
  return (
    <table className="table" data-testid="workers-table">
      <thead>
        <tr>
          <th>Worker</th>
          <th>Host</th>
          <th className="num">PID</th>
          <th className="num">Concurrency</th>
          <th>Started</th>
          <th>Last heartbeat</th>
        </tr>
      </thead>
      <tbody>
        {fleet.workers.map((worker) => {
          const stale = now - worker.lastHeartbeatAt > STALE_HEARTBEAT_MS;
          return (
            <tr key={worker.id} data-testid="worker-row" data-worker-id={worker.id}>
              <td className="mono">
                <UntrustedText text={worker.id} links={false} />
              </td>
              <td className="mono">
                <UntrustedText text={worker.host} links={false} />
              </td>
              <td className="num mono">{worker.pid}</td>
              <td className="num mono">{worker.concurrency}</td>
              <td className="mono nowrap">{formatTime(worker.startedAt)}</td>
              <td className={stale ? "mono text-bad" : "mono"} data-testid="worker-heartbeat">
                {formatAge(worker.lastHeartbeatAt, now)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Recent({
  fleet,
  operator,
  now,
  reload,
}: {
  readonly fleet: FleetView;
  readonly operator: boolean;
  readonly now: number;
  readonly reload: () => void;
}) {
  if (fleet.recent.length === 0) return <Empty>No workflow has been queued.</Empty>;
  return (
    <table className="table" data-testid="recent-table">
      <thead>
        <tr>
          <th>Workflow</th>
          <th>State</th>
          <th>Tenant</th>
          <th className="num">Attempts</th>
          <th>Queued</th>
          <th className="num">Took</th>
          {operator ? <th /> : null}
        </tr>
      </thead>
      <tbody>
        {fleet.recent.map((item) => (
          <tr key={item.id} data-testid="recent-row" data-workflow-id={item.id}>
            <td>
              {/* A workflow no worker has started has no recorded run to open yet. */}
              {item.startedAt === null ? (
                <UntrustedText text={item.workflow} links={false} />
              ) : (
                <Link href={runPath(item.id)} className="row-link">
                  <UntrustedText text={item.workflow} links={false} />
                </Link>
              )}
              <div className="mono subtle small">
                <UntrustedText text={item.id} links={false} />
              </div>
            </td>
            <td>
              <StatusBadge status={item.state} />
            </td>
            <td className="mono">
              {item.tenant === null ? (
                <span className="subtle">—</span>
              ) : (
                <UntrustedText text={item.tenant} links={false} />
              )}
            </td>
            <td className="num mono">{item.attempts}</td>
            <td className="mono nowrap">{formatTime(item.createdAt)}</td>
            <td className="num mono">{spanOf(item.startedAt, item.endedAt, now)}</td>
            {operator ? (
              <td>
                <ActionButton
                  label="Cancel"
                  doneText="cancelled"
                  available={CANCELLABLE.has(item.state)}
                  run={() => api.cancelWorkflow(item.id)}
                  onDone={reload}
                  testId="cancel-button"
                />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DeadLetters({
  fleet,
  operator,
  reload,
}: {
  readonly fleet: FleetView;
  readonly operator: boolean;
  readonly reload: () => void;
}) {
  if (fleet.deadLetters.length === 0) return <Empty>No dead letters.</Empty>;
  return (
    <table className="table" data-testid="dead-letters-table">
      <thead>
        <tr>
          <th>Workflow</th>
          <th>Tenant</th>
          <th>Error</th>
          <th className="num">Attempts</th>
          <th>Dead-lettered</th>
          {operator ? <th /> : null}
        </tr>
      </thead>
      <tbody>
        {fleet.deadLetters.map((letter) => (
          <tr key={letter.id} data-testid="dead-letter-row" data-dead-letter-id={letter.id}>
            <td>
              <UntrustedText text={letter.workflow} links={false} />
              <div className="mono subtle small">
                <UntrustedText text={letter.id} links={false} />
              </div>
            </td>
            <td className="mono">
              {letter.tenant === null ? (
                <span className="subtle">—</span>
              ) : (
                <UntrustedText text={letter.tenant} links={false} />
              )}
            </td>
            <td className="small">
              <code>
                <UntrustedText text={letter.error.code} links={false} />
              </code>{" "}
              <span className="pre-wrap">
                <UntrustedText text={letter.error.message} />
              </span>
            </td>
            <td className="num mono">{letter.attempts}</td>
            <td className="mono nowrap">{formatTime(letter.deadLetteredAt)}</td>
            {operator ? (
              <td>
                <ActionButton
                  label="Retry"
                  doneText="queued again"
                  run={() => api.retryDeadLetter(letter.id)}
                  onDone={reload}
                  testId="retry-button"
                />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The fleet page.
 *
 * @example <FleetPage />
 */
export function FleetPage() {
  const operator = isOperator(useSession());
  const view = useApi((signal) => api.fleet(signal), [], REFRESH_MS);
  const now = useNow(1_000);
  const fleet = view.data;
  return (
    <div className="page">
      <PageHeader title="Fleet">
        <span className="subtle small">re-read every {REFRESH_MS / 1000} s</span>
      </PageHeader>
      <ErrorBanner error={view.error} />
      {fleet === undefined ? (
        view.loading ? (
          <Loading />
        ) : null
      ) : (
        <div className={operator ? "fleet-grid with-submit" : "fleet-grid"}>
          <div className="fleet-main">
            <Counts counts={fleet.counts} />
            <h2>Workers</h2>
            <Workers fleet={fleet} now={now} />
            <h2>Recent workflows</h2>
            <Recent fleet={fleet} operator={operator} now={now} reload={view.reload} />
            <h2>Dead letters</h2>
            <DeadLetters fleet={fleet} operator={operator} reload={view.reload} />
            <h2>Schedules</h2>
            {fleet.schedules.length === 0 ? (
              <Empty>No schedules.</Empty>
            ) : (
              <table className="table" data-testid="schedules-table">
                <thead>
                  <tr>
                    <th>Workflow</th>
                    <th>Key</th>
                    <th>Cron</th>
                    <th>Time zone</th>
                    <th>Tenant</th>
                  </tr>
                </thead>
                <tbody>
                  {fleet.schedules.map((schedule) => (
                    <tr
                      key={`${schedule.workflow}\u0000${schedule.key}`}
                      data-testid="schedule-row"
                    >
                      <td>
                        <UntrustedText text={schedule.workflow} links={false} />
                      </td>
                      <td className="mono">
                        <UntrustedText text={schedule.key} links={false} />
                      </td>
                      <td className="mono">
                        <UntrustedText text={schedule.cron} links={false} />
                      </td>
                      <td className="mono">
                        <UntrustedText text={schedule.timezone} links={false} />
                      </td>
                      <td className="mono">
                        {schedule.tenant === null ? (
                          "—"
                        ) : (
                          <UntrustedText text={schedule.tenant} links={false} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          {operator ? (
            <section className="fleet-side">
              <h2>Submit a workflow</h2>
              <SubmitForm workflows={fleet.workflows} onSubmitted={view.reload} />
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
