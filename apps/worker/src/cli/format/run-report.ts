import type {
  BenchmarkReportDetail,
  CostLedgerRow,
  RecorderQueries,
  Trajectory,
} from "@nucleo/recorder-postgres";
import type { RunOutcome, WorkflowRun } from "../../compose/worker.js";

/** Everything the worker prints about one run, read back from the recorder. */
export interface RunReport {
  readonly workflow: string;
  readonly workflowId: string;
  readonly input: unknown;
  readonly outcome: RunOutcome;
  readonly trajectory: Trajectory;
  /** The workflow's model calls per model and currency. */
  readonly byModel: readonly CostLedgerRow[];
  /** The benchmarks run inside the workflow, with their runs. */
  readonly benchmarks: readonly BenchmarkReportDetail[];
}

/**
 * Reads one run's trajectory, cost ledger and benchmark reports from Postgres through
 * {@link RecorderQueries}. Flush the recorder first, so every event of the run is written.
 */
export async function readRunReport(
  queries: RecorderQueries,
  run: WorkflowRun,
  outcome: RunOutcome,
): Promise<RunReport> {
  const [trajectory, byModel, summaries] = await Promise.all([
    queries.trajectory(run.id),
    queries.costLedger({ by: "model", rootId: run.id }),
    queries.benchmarkReports({ rootId: run.id }),
  ]);
  const benchmarks = await Promise.all(
    summaries.map((summary) => queries.benchmarkReport(summary.jobId)),
  );
  return {
    workflow: run.definition.name,
    workflowId: run.id,
    input: run.input,
    outcome,
    trajectory,
    byModel,
    benchmarks,
  };
}
