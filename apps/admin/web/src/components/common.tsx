/**
 * Small pieces every page uses: the error banner, status badges, money, JSON blocks, loading
 * and empty states.
 *
 * @packageDocumentation
 */

import { type ReactNode, useState } from "react";
import { ApiFailure } from "../api/client.ts";
import { formatMoney, prettyJson } from "../lib/format.ts";
import { escapeControls } from "../lib/untrusted-segments.ts";
import { UntrustedText } from "../lib/untrusted-text.tsx";

/**
 * A failed request as the server explained it: its message, and the field at fault.
 *
 * @example <ErrorBanner error={runs.error} />
 */
export function ErrorBanner({ error }: { readonly error: unknown }) {
  if (error === undefined || error === null) return null;
  const failure = error instanceof ApiFailure ? error : null;
  const message = failure?.message ?? (error instanceof Error ? error.message : String(error));
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <strong>{failure ? describeStatus(failure) : "Error"}</strong>{" "}
      <UntrustedText text={message} links={false} />
      {failure?.field ? (
        <span className="error-field" data-testid="error-field">
          {" "}
          (field: <code>{escapeControls(failure.field)}</code>)
        </span>
      ) : null}
    </div>
  );
}

function describeStatus(failure: ApiFailure): string {
  if (failure.status === 0) return "Unreachable:";
  if (failure.status === 401) return "Not signed in:";
  if (failure.status === 403) return "Not allowed:";
  if (failure.status === 404) return "Not found:";
  if (failure.status === 429) return "Too many attempts:";
  return `Error ${failure.status}:`;
}

/**
 * A status as a coloured badge; unknown statuses get the neutral colour.
 *
 * @example <StatusBadge status="failed" />
 */
export function StatusBadge({ status }: { readonly status: string }) {
  const known = /^[a-z_]+$/.test(status) ? status : "other";
  return (
    <span className={`badge badge-${known}`} data-status={known}>
      {escapeControls(status)}
    </span>
  );
}

/**
 * Exact money per currency, in monospace.
 *
 * @example <Money value={{ USD: "0.0132" }} />
 */
export function Money({ value }: { readonly value: Readonly<Record<string, string>> }) {
  return <span className="money mono">{escapeControls(formatMoney(value))}</span>;
}

const SHOWN_CHARACTERS = 200_000;

/**
 * A JSON value, indented, as untrusted text in a `<pre>`. Very long values are cut until the
 * reader asks for the rest, so one huge output cannot freeze the page.
 *
 * @example <JsonBlock value={content.input} testId="job-input" />
 */
export function JsonBlock({
  value,
  testId,
}: {
  readonly value: unknown;
  readonly testId?: string;
}) {
  const [whole, setWhole] = useState(false);
  const text = typeof value === "string" ? value : prettyJson(value);
  const cut = !whole && text.length > SHOWN_CHARACTERS;
  return (
    <div className="json-block">
      <pre className="mono" data-testid={testId}>
        <UntrustedText text={cut ? text.slice(0, SHOWN_CHARACTERS) : text} />
      </pre>
      {cut ? (
        <button type="button" className="link-button" onClick={() => setWhole(true)}>
          Show all {text.length.toLocaleString("en-US")} characters
        </button>
      ) : null}
    </div>
  );
}

/**
 * A quiet line while a page loads.
 *
 * @example <Loading />
 */
export function Loading({ what = "Loading" }: { readonly what?: string }) {
  return (
    <div className="muted loading" data-testid="loading">
      {what}…
    </div>
  );
}

/**
 * A quiet line where a table has no rows.
 *
 * @example <Empty>No runs match.</Empty>
 */
export function Empty({ children }: { readonly children: ReactNode }) {
  return <div className="muted empty">{children}</div>;
}

/**
 * A page's title row with optional controls on the right.
 *
 * @example <PageHeader title="Runs" />
 */
export function PageHeader({
  title,
  children,
}: {
  readonly title: ReactNode;
  readonly children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      <div className="page-actions">{children}</div>
    </div>
  );
}
