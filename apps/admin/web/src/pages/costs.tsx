/**
 * The costs page: the ledger grouped by workflow, job class, model, tenant or day, over a time
 * range and optionally one currency, with exact totals per currency (added as decimal text,
 * never as floats) and, by day, a chart.
 *
 * @packageDocumentation
 */

import { type FormEvent, useMemo, useState } from "react";
import type { CostGrouping, CostRow } from "../../../src/api/contract.ts";
import { api } from "../api/endpoints.ts";
import { Empty, ErrorBanner, Loading, PageHeader } from "../components/common.tsx";
import { compareDecimals, sumDecimals } from "../lib/decimal.ts";
import { formatCount } from "../lib/format.ts";
import { isoToLocalInput, localInputToIso, readQuery, writeQuery } from "../lib/query.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";
import { navigate, useLocation } from "../router.tsx";
import { useApi } from "../use-api.ts";
import { CostChart } from "./cost-chart.tsx";

const GROUPINGS: readonly { value: CostGrouping; label: string }[] = [
  { value: "workflow", label: "Workflow" },
  { value: "jobClass", label: "Job class" },
  { value: "model", label: "Model" },
  { value: "tenant", label: "Tenant" },
  { value: "day", label: "Day" },
];
const KEYS = ["by", "from", "to", "currency"] as const;

function grouping(value: string | undefined): CostGrouping {
  return GROUPINGS.find((g) => g.value === value)?.value ?? "workflow";
}

/** Per currency: the exact total, and how many calls it holds. */
function totalsOf(rows: readonly CostRow[]): { currency: string; cost: string; calls: number }[] {
  const byCurrency = new Map<string, CostRow[]>();
  for (const row of rows)
    byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => ({
      currency,
      cost: sumDecimals(list.map((row) => row.cost)),
      calls: list.reduce((sum, row) => sum + row.calls, 0),
    }));
}

function CostTable({ rows, by }: { readonly rows: readonly CostRow[]; readonly by: CostGrouping }) {
  const sorted = useMemo(
    () =>
      [...rows].sort((a, b) =>
        by === "day"
          ? a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency)
          : a.currency.localeCompare(b.currency) || compareDecimals(b.cost, a.cost),
      ),
    [rows, by],
  );
  return (
    <table className="table" data-testid="costs-table">
      <thead>
        <tr>
          <th>{GROUPINGS.find((g) => g.value === by)?.label}</th>
          <th>Currency</th>
          <th className="num">Calls</th>
          <th className="num">Input</th>
          <th className="num">Output</th>
          <th className="num">Cache read</th>
          <th className="num">Cache write</th>
          <th className="num">Reasoning</th>
          <th className="num">Cost</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={`${row.key}\u0000${row.currency}`} data-testid="costs-row">
            <td className="mono">
              {row.key === "" ? (
                <span className="subtle">(none)</span>
              ) : (
                <UntrustedText text={row.key} links={false} />
              )}
            </td>
            <td className="mono">
              <UntrustedText text={row.currency} links={false} />
            </td>
            <td className="num mono">{formatCount(row.calls)}</td>
            <td className="num mono">{formatCount(row.tokens.input)}</td>
            <td className="num mono">{formatCount(row.tokens.output)}</td>
            <td className="num mono">{formatCount(row.tokens.cacheRead)}</td>
            <td className="num mono">{formatCount(row.tokens.cacheCreation)}</td>
            <td className="num mono">{formatCount(row.tokens.reasoning)}</td>
            <td className="num mono">{row.cost}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The costs page.
 *
 * @example <CostsPage />
 */
export function CostsPage() {
  const { search } = useLocation();
  const query = readQuery(search, KEYS);
  const by = grouping(query.by);
  const [draft, setDraft] = useState({
    from: query.from ?? "",
    to: query.to ?? "",
    currency: query.currency ?? "",
  });
  const costs = useApi(
    (signal) => api.costs({ by, from: query.from, to: query.to, currency: query.currency }, signal),
    [search],
  );
  const totals = useMemo(() => {
    try {
      return { ok: true as const, list: totalsOf(costs.data ?? []) };
    } catch (error) {
      return { ok: false as const, error };
    }
  }, [costs.data]);
  const go = (next: Partial<Record<(typeof KEYS)[number], string>>): void =>
    navigate(`/costs${writeQuery({ by, ...draft, ...next })}`);
  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    go({});
  };

  return (
    <div className="page">
      <PageHeader title="Costs" />
      <form className="filters filter-row" onSubmit={handleSubmit} data-testid="costs-filters">
        <label className="field narrow">
          <span>Group by</span>
          <select
            value={by}
            onChange={(event) => go({ by: event.target.value })}
            data-testid="costs-by"
          >
            {GROUPINGS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input
            type="datetime-local"
            value={isoToLocalInput(draft.from)}
            onChange={(event) => setDraft({ ...draft, from: localInputToIso(event.target.value) })}
            data-testid="costs-from"
          />
        </label>
        <label className="field">
          <span>To</span>
          <input
            type="datetime-local"
            value={isoToLocalInput(draft.to)}
            onChange={(event) => setDraft({ ...draft, to: localInputToIso(event.target.value) })}
            data-testid="costs-to"
          />
        </label>
        <label className="field narrow">
          <span>Currency</span>
          <input
            type="text"
            value={draft.currency}
            placeholder="all"
            onChange={(event) => setDraft({ ...draft, currency: event.target.value.toUpperCase() })}
            data-testid="costs-currency"
          />
        </label>
        <button type="submit" className="button-primary" data-testid="costs-apply">
          Apply
        </button>
      </form>
      <ErrorBanner error={costs.error} />
      {totals.ok ? (
        <div className="totals" data-testid="cost-totals">
          {totals.list.length === 0 ? (
            <span className="muted">Nothing spent in this range.</span>
          ) : null}
          {totals.list.map((total) => (
            <div
              key={total.currency}
              className="total-card"
              data-testid="cost-total"
              data-currency={total.currency}
            >
              <div className="total-label">
                total <UntrustedText text={total.currency} links={false} />
              </div>
              <div className="total-value mono">{total.cost}</div>
              <div className="subtle small">{formatCount(total.calls)} calls</div>
            </div>
          ))}
        </div>
      ) : (
        <ErrorBanner error={totals.error} />
      )}
      {costs.data === undefined ? (
        costs.loading ? (
          <Loading />
        ) : null
      ) : costs.data.length === 0 ? (
        <Empty>No recorded calls in this range.</Empty>
      ) : (
        <>
          {by === "day" ? <CostChart rows={costs.data} /> : null}
          <CostTable rows={costs.data} by={by} />
        </>
      )}
    </div>
  );
}
