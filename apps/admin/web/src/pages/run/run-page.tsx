/**
 * A run's page: its trajectory (tree and waterfall) and, for the job selected, the detail
 * panel. The selected job is in the URL (`?job=`), so a link can point at one step.
 *
 * @packageDocumentation
 */

import { useCallback, useEffect, useMemo, useState } from "react";
import type { RunDetail, RunJob } from "../../../../src/api/contract.ts";
import { api } from "../../api/endpoints.ts";
import { ErrorBanner, Loading, PageHeader, StatusBadge } from "../../components/common.tsx";
import { sumMoney } from "../../lib/decimal.ts";
import { formatMoney, spanOf } from "../../lib/format.ts";
import { writeQuery } from "../../lib/query.ts";
import { runPath } from "../../lib/routes.ts";
import {
  allFoldable,
  type TimeAxis,
  timeAxis,
  visibleJobIndexes,
  zoomOnto,
} from "../../lib/run-tree.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";
import { Link, navigate, useLocation } from "../../router.tsx";
import { useApi } from "../../use-api.ts";
import { JobPanel } from "./job-panel.tsx";
import { Trajectory } from "./trajectory.tsx";

/** Runs this large are refreshed by hand only: re-reading 100,000 jobs every few seconds is no help. */
const AUTO_REFRESH_MAX_JOBS = 5_000;

/** A zoom window kept inside the whole run's axis. */
function clampAxis(zoom: TimeAxis | null, whole: TimeAxis): TimeAxis | null {
  if (zoom === null) return null;
  const start = Math.max(zoom.start, whole.start);
  const end = Math.min(zoom.end, whole.end);
  return end > start ? { start, end } : null;
}

/** How many jobs the run has, and how many of them came in this answer when fewer. */
function jobCountText(detail: RunDetail): string {
  const total = `${detail.jobCount.toLocaleString("en-US")} jobs`;
  return detail.jobs.length < detail.jobCount
    ? `${detail.jobs.length.toLocaleString("en-US")} of ${total} shown`
    : total;
}

/** What the page derives once per answer: O(n), never per row. */
function useDerived(detail: RunDetail | undefined) {
  return useMemo(() => {
    const jobs = detail?.jobs ?? [];
    const now = Date.now();
    const byId = new Map<string, RunJob>();
    for (const job of jobs) byId.set(job.jobId, job);
    // Tops of the forest: the root and any detached jobs; their subtrees hold every cost once.
    const total = sumMoney(jobs.filter((job) => job.depth === 0).map((job) => job.subtree.cost));
    const running = jobs.some((job) => job.status === "running" || job.status === "submitted");
    return { jobs, now, byId, total, running, axis: timeAxis(jobs, now) };
  }, [detail]);
}

/**
 * The page of run `rootId`.
 *
 * @example <RunPage rootId="r-1" />
 */
export function RunPage({ rootId }: { readonly rootId: string }) {
  const { search } = useLocation();
  const selectedId = new URLSearchParams(search).get("job");
  const [live, setLive] = useState(true);
  const [refreshMs, setRefreshMs] = useState<number | undefined>(undefined);
  const detail = useApi((signal) => api.run(rootId, signal), [rootId], refreshMs);
  const { jobs, now, byId, total, running, axis } = useDerived(detail.data);
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [zoom, setZoom] = useState<TimeAxis | null>(null);
  const visible = useMemo(() => visibleJobIndexes(jobs, folded), [jobs, folded]);

  const wantRefresh = live && running && jobs.length <= AUTO_REFRESH_MAX_JOBS ? 5_000 : undefined;
  useEffect(() => setRefreshMs(wantRefresh), [wantRefresh]);

  const onToggle = useCallback((job: RunJob) => {
    setFolded((before) => {
      const after = new Set(before);
      if (after.has(job.jobId)) after.delete(job.jobId);
      else after.add(job.jobId);
      return after;
    });
  }, []);
  const select = useCallback(
    (jobId: string | null) => {
      navigate(`${runPath(rootId)}${writeQuery({ job: jobId ?? undefined })}`, { replace: true });
    },
    [rootId],
  );
  const onSelect = useCallback((job: RunJob) => select(job.jobId), [select]);

  const root = jobs[0];
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  return (
    <div className="page run-page">
      <PageHeader
        title={
          <>
            <Link href="/runs" className="crumb">
              Runs
            </Link>{" "}
            / {root ? <UntrustedText text={root.jobName} links={false} /> : null}{" "}
            <span className="mono subtle small">
              <UntrustedText text={rootId} links={false} />
            </span>
          </>
        }
      >
        {root ? <StatusBadge status={root.status} /> : null}
        {root ? (
          <span className="mono subtle">{spanOf(root.startedAt, root.endedAt, now)}</span>
        ) : null}
        <span className="run-total" data-testid="run-total-cost">
          total <span className="mono">{formatMoney(total)}</span>
        </span>
        <span className="subtle">{detail.data ? jobCountText(detail.data) : ""}</span>
        {selected && zoomOnto(selected, now) !== null ? (
          <button
            type="button"
            className="button-quiet"
            onClick={() => setZoom(clampAxis(zoomOnto(selected, now), axis))}
            data-testid="timeline-zoom"
          >
            Zoom to job
          </button>
        ) : null}
        {zoom !== null ? (
          <button
            type="button"
            className="button-quiet"
            onClick={() => setZoom(null)}
            data-testid="timeline-unzoom"
          >
            Whole run
          </button>
        ) : null}
        <button
          type="button"
          className="button-quiet"
          onClick={() => setFolded(allFoldable(jobs))}
          data-testid="tree-fold-all"
        >
          Fold all
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() => setFolded(new Set())}
          data-testid="tree-unfold-all"
        >
          Unfold all
        </button>
        {running ? (
          <label className="inline-check">
            <input
              type="checkbox"
              checked={live}
              onChange={(event) => setLive(event.target.checked)}
            />{" "}
            live
          </label>
        ) : null}
        <button
          type="button"
          className="button-quiet"
          onClick={detail.reload}
          data-testid="run-refresh"
        >
          Refresh
        </button>
      </PageHeader>
      <ErrorBanner error={detail.error} />
      {detail.data === undefined ? (
        detail.loading ? (
          <Loading what="Reading the run" />
        ) : null
      ) : (
        <div className={selected ? "run-body with-panel" : "run-body"}>
          <Trajectory
            jobs={jobs}
            visible={visible}
            folded={folded}
            selectedId={selectedId}
            axis={zoom ?? axis}
            origin={axis.start}
            now={now}
            onToggle={onToggle}
            onSelect={onSelect}
          />
          {selected ? (
            <JobPanel key={selected.jobId} job={selected} now={now} onClose={() => select(null)} />
          ) : null}
        </div>
      )}
    </div>
  );
}
