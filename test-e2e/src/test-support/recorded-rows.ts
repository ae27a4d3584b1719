// Reads back what the worker's recorder wrote, for the tests that run the built worker on PostgreSQL.
import type pg from "pg";

/** A row of `nucleo_jobs`, the columns the tests check. */
export interface JobRow {
  id: string;
  parent_id: string | null;
  job_name: string;
  job_class: string;
  ordinal: number | null;
  status: string;
  ended_at: Date | null;
  error_code: string | null;
}

/** A row of `nucleo_model_calls`: its cost as exact text, its token counts as pg returns bigints. */
export interface CallRow {
  job_id: string;
  entry_id: string;
  cost: string;
  currency: string;
  input_tokens: string;
  cache_read_input_tokens: string;
  cache_creation_input_tokens: string;
  output_tokens: string;
  reasoning_output_tokens: string;
}

/**
 * The recorded jobs and model calls of one workflow, read through the client `client()` returns
 * at the time of each query: a test may replace its client while the server restarts.
 */
export function recordedRows(client: () => pg.Client) {
  return {
    /** Every job of the workflow whose root is `rootId`. */
    jobs: async (rootId: string) =>
      (
        await client().query<JobRow>(
          "select id, parent_id, job_name, job_class, ordinal, status, ended_at, error_code from nucleo_jobs where root_id = $1",
          [rootId],
        )
      ).rows,
    /** Every model call of the workflow whose root is `rootId`. */
    calls: async (rootId: string) =>
      (
        await client().query<CallRow>(
          "select job_id, entry_id, cost::text as cost, currency, input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens from nucleo_model_calls where root_id = $1",
          [rootId],
        )
      ).rows,
    /** Resolves once the recorder has written `count` model calls of the workflow: the run is under way, mid-flight. */
    recordedCalls: async (rootId: string, count: number): Promise<void> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = await client().query<{ n: number }>(
          "select count(*)::int as n from nucleo_model_calls where root_id = $1",
          [rootId],
        );
        if (found.rows[0]!.n >= count) return;
        if (Date.now() > deadline)
          throw new Error(`no ${count} recorded model call(s) of ${rootId} within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
