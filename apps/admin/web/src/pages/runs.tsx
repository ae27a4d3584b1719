/**
 * The runs page: every run, newest first, filtered and searched by what the URL says, a page
 * at a time through the server's cursor.
 *
 * @packageDocumentation
 */

import { useState } from "react";
import type { RunStatus, RunSummary } from "../../../src/api/contract.ts";
import { api } from "../api/endpoints.ts";
import {
  Empty,
  ErrorBanner,
  Loading,
  Money,
  PageHeader,
  StatusBadge,
} from "../components/common.tsx";
import { formatTime, spanOf } from "../lib/format.ts";
import { readQuery, writeQuery } from "../lib/query.ts";
import { runPath } from "../lib/routes.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";
import { Link, navigate, useLocation } from "../router.tsx";
import { useApi, useNow } from "../use-api.ts";
import { RUN_FILTER_KEYS, type RunFilters, RunsFilterBar } from "./runs-filters.tsx";

function RunRow({
  run,
  searching,
  now,
}: {
  readonly run: RunSummary;
  readonly searching: boolean;
  readonly now: number;
}) {
  return (
    <tr data-testid="runs-row" data-root-id={run.rootId}>
      <td>
        <Link href={runPath(run.rootId)} className="row-link" data-testid="runs-row-link">
          <UntrustedText text={run.workflow} links={false} />
        </Link>
        <div className="mono subtle small">
          <UntrustedText text={run.rootId} links={false} />
        </div>
      </td>
      <td>
        <StatusBadge status={run.status} />
        {run.error?.code ? (
          <div className="mono subtle small">
            <UntrustedText text={run.error.code} links={false} />
          </div>
        ) : null}
      </td>
      <td className="mono">
        {run.tenant === null ? (
          <span className="subtle">—</span>
        ) : (
          <UntrustedText text={run.tenant} links={false} />
        )}
      </td>
      <td className="mono nowrap">{formatTime(run.submittedAt)}</td>
      <td className="mono nowrap num">{spanOf(run.startedAt, run.endedAt, now)}</td>
      <td className="num nowrap">
        <Money value={run.cost} />
      </td>
      {searching ? (
        <td className="snippet" data-testid="runs-row-snippet">
          {run.matches !== undefined ? <span className="matches">{run.matches}×</span> : null}{" "}
          <UntrustedText text={run.snippet} />
        </td>
      ) : null}
    </tr>
  );
}

/**
 * The list of runs.
 *
 * @example <RunsPage />
 */
export function RunsPage() {
  const { search } = useLocation();
  const filters: RunFilters = readQuery(search, RUN_FILTER_KEYS);
  const cursor = new URLSearchParams(search).get("cursor") ?? undefined;
  // Cursors of the pages before this one, so "Previous" can walk back.
  const [previous, setPrevious] = useState<readonly (string | undefined)[]>([]);
  const now = useNow(5_000);
  // A search ranks what was said; the list's filters do not combine with it (the API refuses
  // them together), so a search sends its words alone.
  const page = useApi(
    (signal) =>
      filters.q
        ? api.runs({ q: filters.q }, signal)
        : api.runs({ ...filters, status: filters.status as RunStatus | undefined, cursor }, signal),
    [search],
  );
  const searching = Boolean(filters.q);

  const go = (nextFilters: RunFilters, nextCursor: string | undefined): void => {
    navigate(`/runs${writeQuery({ ...nextFilters, cursor: nextCursor })}`);
  };

  return (
    <div className="page">
      <PageHeader title="Runs">
        <button
          type="button"
          className="button-quiet"
          onClick={page.reload}
          data-testid="runs-refresh"
        >
          Refresh
        </button>
      </PageHeader>
      <RunsFilterBar
        key={writeQuery(filters)}
        initial={filters}
        onApply={(next) => {
          setPrevious([]);
          go(next, undefined);
        }}
      />
      <ErrorBanner error={page.error} />
      {page.data === undefined ? (
        page.loading ? (
          <Loading />
        ) : null
      ) : page.data.runs.length === 0 ? (
        <Empty>No runs match.</Empty>
      ) : (
        <table className="table" data-testid="runs-table">
          <thead>
            <tr>
              <th>Workflow</th>
              <th>Status</th>
              <th>Tenant</th>
              <th>Submitted</th>
              <th className="num">Duration</th>
              <th className="num">Cost</th>
              {searching ? <th>Matched</th> : null}
            </tr>
          </thead>
          <tbody className={page.loading ? "stale" : undefined}>
            {page.data.runs.map((run) => (
              <RunRow key={run.rootId} run={run} searching={searching} now={now} />
            ))}
          </tbody>
        </table>
      )}
      <div className="pager">
        <button
          type="button"
          className="button-quiet"
          disabled={previous.length === 0 && cursor === undefined}
          onClick={() => {
            const back = previous.at(-1);
            setPrevious(previous.slice(0, -1));
            go(filters, previous.length === 0 ? undefined : back);
          }}
          data-testid="runs-previous-page"
        >
          ← Previous page
        </button>
        <button
          type="button"
          className="button-quiet"
          disabled={!page.data?.next || page.loading}
          onClick={() => {
            const next = page.data?.next;
            if (!next) return;
            setPrevious([...previous, cursor]);
            go(filters, next);
          }}
          data-testid="runs-next-page"
        >
          Next page →
        </button>
      </div>
    </div>
  );
}
