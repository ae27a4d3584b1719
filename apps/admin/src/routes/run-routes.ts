import { z } from "zod";
import type { RunsPage, RunSummary } from "../api/contract.js";
import { ApiFailure } from "../http/api-failure.js";
import type { AdminApi, RouteDeps } from "../http/admin-env.js";
import { parseInput } from "../http/parse-input.js";
import { callSummary, callView } from "../views/call-views.js";
import { encodeTrajectory } from "../views/run-wire-encoder.js";
import { runStatus } from "../views/run-views.js";
import { idParameter, timeParameter, wholeNumberParameter } from "./parameters.js";

const runsQuery = z.strictObject({
  status: z.enum(["submitted", "running", "finished", "failed"]).optional(),
  workflow: z.string().min(1).max(500).optional(),
  tenant: z.string().min(1).max(500).optional(),
  from: timeParameter.optional(),
  to: timeParameter.optional(),
  minCost: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,30})?$/, "expected a decimal like 0.25")
    .optional(),
  maxCost: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,30})?$/, "expected a decimal like 0.25")
    .optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "expected an ISO 4217 code like USD")
    .optional(),
  model: z.string().min(1).max(200).optional(),
  q: z.string().min(1).max(1000).optional(),
  cursor: z.string().min(1).max(2000).optional(),
  limit: z.coerce.number().int("expected a whole number").min(1).max(200).optional(),
});

/** The runs list, a run's trajectory, a job's content and its model calls. */
export function runRoutes(api: AdminApi, { services }: RouteDeps): void {
  const { queries } = services;

  api.get("/runs", async (c) => {
    const query = parseInput(runsQuery, c.req.query(), "query");
    if (query.q !== undefined) {
      // A search is ranked by what was said: the list's filters do not apply to it, and are
      // refused rather than silently ignored.
      const filter = Object.keys(query).find((key) => key !== "q" && key !== "limit");
      if (filter !== undefined) {
        throw new ApiFailure(
          400,
          "invalid_input",
          `Invalid query parameter "${filter}": a full-text search (q) takes no other filter.`,
          { field: filter },
        );
      }
      return c.json(await searchRuns(query.q, query.limit));
    }
    const { q: _, ...filters } = query;
    const page = await queries.workflows(filters);
    const answer: RunsPage = {
      runs: page.workflows.map((row): RunSummary => ({ ...row, status: runStatus(row.status) })),
      next: page.next,
    };
    return c.json(answer);
  });

  // Full-text search answers one page of the best-matching workflows (the recorder ranks them
  // newest first); filters do not combine with it.
  async function searchRuns(q: string, limit: number | undefined): Promise<RunsPage> {
    const hits = await queries.searchSaid(q, { limit: limit ?? 50 });
    return {
      runs: hits.map((hit) => ({
        rootId: hit.rootId,
        workflow: hit.jobName,
        jobClass: hit.jobClass,
        status: runStatus(hit.status),
        tenant: null,
        submittedAt: null,
        startedAt: hit.startedAt,
        endedAt: null,
        error: null,
        cost: {},
        matches: hit.matches,
        snippet: hit.snippet,
      })),
      next: null,
    };
  }

  api.get("/runs/:rootId", async (c) => {
    const rootId = idParameter("rootId", c.req.param("rootId"));
    return c.json(encodeTrajectory(await queries.trajectory(rootId)));
  });

  api.get("/jobs/:jobId/content", async (c) => {
    const jobId = idParameter("jobId", c.req.param("jobId"));
    const content = await queries.jobContent(jobId);
    if (content === undefined)
      throw new ApiFailure(404, "not_found", `No job ${JSON.stringify(jobId)} is recorded.`);
    return c.json({
      jobId,
      ...(content.input === undefined ? {} : { input: content.input }),
      ...(content.output === undefined ? {} : { output: content.output }),
    });
  });

  api.get("/jobs/:jobId/calls", async (c) => {
    const jobId = idParameter("jobId", c.req.param("jobId"));
    return c.json((await queries.modelCalls(jobId)).map(callSummary));
  });

  api.get("/jobs/:jobId/calls/:seq", async (c) => {
    const jobId = idParameter("jobId", c.req.param("jobId"));
    const seq = wholeNumberParameter("seq", c.req.param("seq"));
    const call = await queries.modelCall(jobId, seq);
    if (call === undefined)
      throw new ApiFailure(
        404,
        "not_found",
        `No model call ${seq} of job ${JSON.stringify(jobId)} is recorded.`,
      );
    return c.json(callView(call));
  });
}
