import { expect, it } from "vitest";
import { PostgresBudgetStore } from "../admission/postgres-budget-store.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedListedWorkflows } from "./test-support/listed-workflows.js";
import {
  exact,
  exactRecord,
  runDocumented as run,
  type Row,
} from "./test-support/readme-queries.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import type { WorkflowListOptions } from "./workflow-list-options.js";

// The README's workflow list, model calls and headroom statements (the rest: queries-doc.test.ts).

/** A documented workflow row as the typed API reads it. */
const summary = (row: Row) => ({
  rootId: row.root_id,
  workflow: row.workflow,
  jobClass: row.job_class,
  status: row.status,
  tenant: row.tenant,
  submittedAt: (row.submitted_at as Date | null)?.getTime() ?? null,
  startedAt: (row.started_at as Date | null)?.getTime() ?? null,
  endedAt: (row.ended_at as Date | null)?.getTime() ?? null,
  error:
    row.error_code === null && row.error_message === null
      ? null
      : { code: row.error_code, message: row.error_message },
  cost: exactRecord(row.cost),
});

describeOnBothDatabases(
  "the README's SQL for the console's queries answers what RecorderQueries answers",
  (open) => {
    it("workflows: the same pages, page after page, for each filter", async () => {
      const { db } = await open();
      await seedListedWorkflows(db);
      const queries = new RecorderQueries(db);
      const cases: WorkflowListOptions[] = [
        { limit: 3 },
        { limit: 1 },
        { status: "running", limit: 2 },
        { workflow: "research" },
        { tenant: "acme" },
        { from: new Date("2025-01-06T10:00:05Z"), to: new Date("2025-01-06T10:00:09Z"), limit: 2 },
        { model: "model-a" },
        { minCost: "0.3", maxCost: "0.3", currency: "USD" },
        { maxCost: "0", currency: "USD", limit: 4 },
      ];
      for (const options of cases) {
        const limit = options.limit ?? 50;
        const fromApi: unknown[][] = [];
        let cursor: string | undefined;
        do {
          const page = await queries.workflows(
            cursor === undefined ? options : { ...options, cursor },
          );
          fromApi.push(page.workflows);
          cursor = page.next ?? undefined;
        } while (cursor !== undefined);
        const fromSql: unknown[][] = [];
        let after: [unknown, unknown] = [null, null];
        for (;;) {
          const rows = await run(db, "workflows", [
            ...after,
            options.status ?? null,
            options.workflow ?? null,
            options.tenant ?? null,
            options.from ?? null,
            options.to ?? null,
            options.model ?? null,
            options.currency ?? null,
            options.minCost ?? null,
            options.maxCost ?? null,
            limit,
          ]);
          // A full page's next may be empty: the typed API read one row ahead and knew.
          if (rows.length > 0 || fromSql.length === 0) fromSql.push(rows.map(summary));
          if (rows.length < limit) break;
          after = [rows.at(-1)!.submitted_key, rows.at(-1)!.root_id];
        }
        expect(fromSql, JSON.stringify(options)).toEqual(fromApi);
      }
    });

    it("modelCalls: the same calls in the same order, the same metadata", async () => {
      const { db } = await open();
      await seedSaidRuns(db);
      const queries = new RecorderQueries(db);
      for (const jobId of ["turn-1", "turn-2", "agent", "summary", "nobody"]) {
        const fromSql = (await run(db, "modelCalls", [jobId])).map((row) => ({
          jobId: row.job_id,
          seq: row.seq,
          rootId: row.root_id,
          at: (row.at as Date).getTime(),
          entryId: row.entry_id,
          providerName: row.provider_name,
          requestModel: row.request_model,
          responseModel: row.response_model,
          tokens: {
            input: Number(row.input_tokens),
            cacheRead: Number(row.cache_read_input_tokens),
            cacheCreation: Number(row.cache_creation_input_tokens),
            output: Number(row.output_tokens),
            reasoning: Number(row.reasoning_output_tokens),
          },
          cacheCreation1hTokens: Number(row.cache_creation_1h_input_tokens),
          cost: exact(row.cost),
          currency: row.currency,
          latencyMs: row.latency_ms,
          finishReason: row.finish_reason,
          attempt: row.attempt,
        }));
        expect(fromSql, jobId).toEqual(await queries.modelCalls(jobId));
      }
    });

    it("admissionHeadroom: the same entries, bookings, cooldowns and claims", async () => {
      const { db } = await open();
      const store = new PostgresBudgetStore(db);
      const queries = new RecorderQueries(db);
      const T0 = 1_700_000_000_000;
      const line = { entryId: "line", limits: { requestsPerMinute: 1 } };
      await store.bookInOrder(line, [{ inputTokens: 10, outputTokens: 20 }], T0, 60_000);
      await store.bookInOrder(line, [{ inputTokens: 7, outputTokens: 3 }], T0 + 5, 60_000, {
        since: T0,
        holdMs: 1_000,
      });
      await store.coolDown("cool", T0 + 2_000);
      await store.book(
        { entryId: "old", limits: {}, inputTokens: 1, outputTokens: 1 },
        T0 - 59_000,
        60_000,
      );
      for (const [now, windowMs] of [
        [T0 + 10, 60_000],
        [T0 + 1_500, 60_000],
        [T0 + 1_500, 61_000],
        [T0 + 59_999, 60_000],
      ] as const) {
        const fromSql = (await run(db, "admissionHeadroom", [now, windowMs])).map((row) => ({
          entryId: row.entry_id,
          bookedRequests: Number(row.requests),
          bookedInputTokens: Number(row.input_tokens),
          bookedOutputTokens: Number(row.output_tokens),
          coolingUntil: row.cooling_until,
          claim:
            row.claim_since === null
              ? null
              : {
                  since: row.claim_since,
                  until: row.claim_until,
                  inputTokens: Number(row.claim_input_tokens),
                  outputTokens: Number(row.claim_output_tokens),
                },
        }));
        const fromApi = await queries.admissionHeadroom(now, windowMs);
        expect(fromSql, `${now - T0} ${windowMs}`).toEqual(fromApi);
        expect(fromApi.length).toBeGreaterThan(0);
      }
    });
  },
);
