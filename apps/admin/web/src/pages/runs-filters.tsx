/**
 * The runs page's filters and search box. The form edits a copy; applying it writes the URL,
 * and the URL is what the table loads from.
 *
 * @packageDocumentation
 */

import { type FormEvent, useState } from "react";
import type { RunStatus } from "../../../src/api/contract.ts";
import { isDecimal } from "../lib/decimal.ts";
import { isoToLocalInput, localInputToIso } from "../lib/query.ts";

/** The URL parameters of the runs page, in the order they are written. */
export const RUN_FILTER_KEYS = [
  "q",
  "status",
  "workflow",
  "tenant",
  "from",
  "to",
  "model",
  "minCost",
  "maxCost",
  "currency",
] as const;

/** A runs filter parameter. */
export type RunFilterKey = (typeof RUN_FILTER_KEYS)[number];

/** The filters as the URL holds them. */
export type RunFilters = Partial<Record<RunFilterKey, string>>;

const STATUSES: readonly RunStatus[] = ["submitted", "running", "finished", "failed"];

/**
 * What is wrong with a set of filters before it is sent, naming the field; null when fine.
 *
 * @example filterProblem({ minCost: "1" }); // { field: "currency", ... }
 */
export function filterProblem(filters: RunFilters): { field: string; message: string } | null {
  for (const field of ["minCost", "maxCost"] as const) {
    const value = filters[field];
    if (value && !isDecimal(value)) {
      return { field, message: `${field} must be a decimal number like 0.25` };
    }
  }
  if ((filters.minCost || filters.maxCost) && !filters.currency) {
    return { field: "currency", message: "a cost bound needs the currency it is in" };
  }
  return null;
}

function TextFilter(props: {
  readonly name: RunFilterKey;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
  readonly narrow?: boolean;
}) {
  return (
    <label className={props.narrow ? "field narrow" : "field"}>
      <span>{props.label}</span>
      <input
        type="text"
        name={props.name}
        value={props.value}
        placeholder={props.placeholder}
        spellCheck={false}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={`filter-${props.name}`}
      />
    </label>
  );
}

/**
 * The filter bar; `onApply` receives the filters to put in the URL.
 *
 * @example <RunsFilterBar initial={filters} onApply={(next) => navigate(...)} />
 */
export function RunsFilterBar({
  initial,
  onApply,
}: {
  readonly initial: RunFilters;
  readonly onApply: (filters: RunFilters) => void;
}) {
  const [draft, setDraft] = useState<RunFilters>(initial);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const set = (key: RunFilterKey) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = filterProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };

  return (
    <form className="filters" onSubmit={handleSubmit} data-testid="runs-filters">
      <div className="search-row">
        <input
          type="search"
          className="search"
          name="q"
          value={draft.q ?? ""}
          placeholder='Search what was said: words, "a phrase", -excluded, either OR other'
          onChange={(event) => set("q")(event.target.value)}
          data-testid="filter-q"
        />
        <button type="submit" className="button-primary" data-testid="filter-apply">
          Apply
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() => {
            setDraft({});
            setProblem(null);
            onApply({});
          }}
          data-testid="filter-clear"
        >
          Clear
        </button>
      </div>
      <div className="filter-row">
        <label className="field narrow">
          <span>Status</span>
          <select
            name="status"
            value={draft.status ?? ""}
            onChange={(event) => set("status")(event.target.value)}
            data-testid="filter-status"
          >
            <option value="">any</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <TextFilter
          name="workflow"
          label="Workflow"
          value={draft.workflow ?? ""}
          onChange={set("workflow")}
        />
        <TextFilter
          name="tenant"
          label="Tenant"
          value={draft.tenant ?? ""}
          onChange={set("tenant")}
        />
        <label className="field">
          <span>Submitted from</span>
          <input
            type="datetime-local"
            name="from"
            value={isoToLocalInput(draft.from)}
            onChange={(event) => set("from")(localInputToIso(event.target.value))}
            data-testid="filter-from"
          />
        </label>
        <label className="field">
          <span>to</span>
          <input
            type="datetime-local"
            name="to"
            value={isoToLocalInput(draft.to)}
            onChange={(event) => set("to")(localInputToIso(event.target.value))}
            data-testid="filter-to"
          />
        </label>
        <TextFilter
          name="model"
          label="Model (entry id)"
          value={draft.model ?? ""}
          onChange={set("model")}
        />
        <TextFilter
          name="minCost"
          label="Min cost"
          value={draft.minCost ?? ""}
          onChange={set("minCost")}
          narrow
          placeholder="0.00"
        />
        <TextFilter
          name="maxCost"
          label="Max cost"
          value={draft.maxCost ?? ""}
          onChange={set("maxCost")}
          narrow
          placeholder="1.00"
        />
        <TextFilter
          name="currency"
          label="Currency"
          value={draft.currency ?? ""}
          onChange={(v) => set("currency")(v.toUpperCase())}
          narrow
          placeholder="USD"
        />
      </div>
      {problem ? (
        <div className="error-banner" role="alert" data-testid="filter-problem">
          {problem.message} (field: <code>{problem.field}</code>)
        </div>
      ) : null}
    </form>
  );
}
