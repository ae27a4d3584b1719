import type { BenchmarkDetail, BenchmarkSummary } from "../api/contract.js";
import type { AdminApi, RouteDeps } from "../http/admin-env.js";
import { idParameter } from "./parameters.js";

function summary(report: BenchmarkSummary): BenchmarkSummary {
  return {
    jobId: report.jobId,
    rootId: report.rootId,
    racedJob: report.racedJob,
    grade: report.grade,
    times: report.times,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    runs: report.runs,
    failedRuns: report.failedRuns,
    judgeFailure: report.judgeFailure,
    referenceFailure: report.referenceFailure,
  };
}

/** The benchmark reports, newest first, and one report with its runs and the judge's reasons. */
export function benchmarkRoutes(api: AdminApi, { services }: RouteDeps): void {
  api.get("/benchmarks", async (c) => {
    const reports = await services.queries.benchmarkReports();
    return c.json(reports.map(summary).reverse());
  });

  api.get("/benchmarks/:jobId", async (c) => {
    const jobId = idParameter("jobId", c.req.param("jobId"));
    const report = await services.queries.benchmarkReport(jobId);
    const detail: BenchmarkDetail = {
      ...summary(report),
      rows: report.rows.map((row) => ({ ...row })),
    };
    return c.json(detail);
  });
}
