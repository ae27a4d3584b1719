import type { Insertable } from "kysely";
import type { JobsTable } from "../schema/database.js";

/**
 * A `nucleo_jobs` row for tests that write the table directly: a root tool job with nothing
 * recorded yet (`submitted`), with `overrides` applied. A job with ancestors names its parent
 * (the first ancestor) and the root (the last).
 *
 * @example
 * await db.insertInto("nucleo_jobs").values([jobRow("root"), jobRow("a", { ancestors: ["root"] })]).execute();
 */
export function jobRow(
  id: string,
  overrides: Partial<Insertable<JobsTable>> = {},
): Insertable<JobsTable> {
  const ancestors = overrides.ancestors ?? [];
  return {
    id,
    parent_id: ancestors[0] ?? null,
    root_id: ancestors.at(-1) ?? id,
    ancestors,
    job_class: "C",
    job_name: "c",
    kind: "tool",
    ordinal: null,
    status: "submitted",
    submitted_at: null,
    started_at: null,
    ended_at: null,
    attempts: 0,
    last_seq: 0,
    scope_axes: "{}",
    read_only: false,
    error_code: null,
    error_message: null,
    metadata: "{}",
    ...overrides,
  };
}
