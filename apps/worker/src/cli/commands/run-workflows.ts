import { formatTranscript } from "@nucleo/recorder-postgres";
import type { LoadedWorkerConfig } from "../../config/load-worker-config.js";
import { Worker, type RunOutcome, type WorkflowRun } from "../../compose/worker.js";
import type { FleetServer } from "@nucleo/fleet";
import { attemptRootId } from "../../fleet/attempt-roots.js";
import { queueHandler } from "../../fleet/queue-handler.js";
import { isWorkflowRetryable } from "../../fleet/workflow-retry-policy.js";
import { stopIfSignalled } from "../../shutdown/watch-startup-signals.js";
import { RunsTaken } from "../../fleet/runs-taken.js";
import { watchServeSignals } from "../../fleet/watch-serve-signals.js";
import { openWorkerFleet, type WorkerFleet } from "../../fleet/worker-fleet.js";
import type { StartupSignals } from "../../shutdown/watch-startup-signals.js";
import type { CliIo } from "../cli-io.js";
import { formatRunReport } from "../format/format-run-report.js";
import { readRunReport } from "../format/run-report.js";
import { runReportJson } from "../format/run-report-json.js";
import { createRunProgress } from "../progress/run-progress.js";
import { workerLoggerFor } from "../worker-logger-for.js";

/** One workflow to run, by name, with its input (checked against its schema already). */
export interface RunRequest {
  readonly workflow: string;
  readonly input: unknown;
}

/** How `run` and `examples` run their workflows. */
export interface RunWorkflowsOptions {
  readonly config: LoadedWorkerConfig;
  readonly requests: readonly RunRequest[];
  readonly tenant: string | undefined;
  /** `--json`: the reports as JSON on stdout (an array for `examples`, one object for `run`); notices go to stderr. */
  readonly json: false | "one" | "all";
  /** `--transcript`: each report is followed by what was said (in JSON, a `transcript` field). */
  readonly transcript: boolean;
  readonly starting: StartupSignals;
}

/**
 * Starts the worker, runs each request in turn and prints its report read back from the
 * recorder, then shuts the worker down. A signal stops taking work (see
 * `watchServeSignals`). A terminal shows each run's progress on stderr. Resolves to 1 when
 * a workflow failed (not when the shutdown stopped it), else 0.
 */
export async function runWorkflows(options: RunWorkflowsOptions, io: CliIo): Promise<number> {
  const { config, requests, tenant, json, transcript, starting } = options;
  // With --json stdout is the answer alone: what the worker tells its operator goes to stderr.
  const say = json === false ? io.stdout : io.stderr;
  const logger = workerLoggerFor(config, io);
  const worker = await Worker.start({
    config,
    env: io.env,
    cwd: io.cwd,
    say,
    logger,
    signal: starting.signal,
    during: starting.during,
  });
  let fleet: WorkerFleet;
  try {
    fleet = await openWorkerFleet(worker, logger);
  } catch (error) {
    await worker.close();
    throw error;
  }
  // The default path is the real path: each workflow goes through the queue (in the same
  // database), and this process serves it, one at a time.
  const taken = new RunsTaken();
  let server: FleetServer;
  try {
    server = await fleet.queue.serve(
      queueHandler(worker, {
        logger,
        onStarted: (fleetRun, run) => taken.started(fleetRun.id, run),
      }),
      { concurrency: 1, graceMs: config.shutdown.graceMs, isRetryable: isWorkflowRetryable },
    );
    try {
      stopIfSignalled(starting.signal);
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await fleet.queue.close();
    await worker.close();
    throw error;
  }
  // The start is over: the run's signal handling takes over in the same synchronous stretch,
  // so no signal falls between the two.
  starting.stop();
  const shutdown = watchServeSignals(server, worker, say, io.signals);
  const reports: unknown[] = [];
  let failed = false;
  try {
    for (const [index, request] of requests.entries()) {
      if (shutdown.stopping()) {
        say(
          `Shutting down: not submitting ${requests
            .slice(index)
            .map((left) => left.workflow)
            .join(", ")}.`,
        );
        break;
      }
      const progress = createRunProgress(
        json === false ? io.progress : undefined,
        request.workflow,
      );
      const unobserve = worker.dispatcher.observe(progress.observer);
      let run: WorkflowRun | undefined;
      let outcome: RunOutcome;
      try {
        const { id } = await fleet.client.submit(
          request.workflow,
          request.input,
          tenant === undefined ? {} : { tenant },
        );
        // On a server, another worker serving the same queue may take it: then its end, read
        // from the queue, is what is reported.
        const watching = new AbortController();
        const endedElsewhere = fleet.client
          .result(id, { signal: watching.signal })
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() =>
            watching.signal.aborted ? undefined : ranElsewhere(fleet, worker, id, request.input),
          );
        try {
          run = await Promise.race([
            taken.taken(id),
            endedElsewhere,
            shutdown.drained.then(() => undefined),
          ]);
        } finally {
          watching.abort();
        }
        if (run === undefined) {
          say(
            `Shutting down: ${request.workflow} (workflow ${id}) stays on the queue for the next worker.`,
          );
          break;
        }
        say(`\nRunning ${request.workflow} (workflow ${id})`);
        // The queue stores the outcome once the handler returns it; the drain at the end waits
        // for that. A run the drain handed back is not waited for: it is the next worker's.
        outcome = await run.settled;
      } finally {
        unobserve();
        progress.stop();
      }
      // A run the drain stopped was handed back to the queue: not a failure of the workflow.
      if (!outcome.ok && shutdown.stopping()) outcome = { ...outcome, stoppedByShutdown: true };
      await worker.recorder.recorder.flush();
      const report = await readRunReport(worker.recorder.queries, run, outcome);
      const said = transcript
        ? await worker.recorder.queries.workflowTranscript(run.id)
        : undefined;
      if (json === false) {
        io.stdout(formatRunReport(report));
        if (said) io.stdout(`\nTranscript\n${formatTranscript(said)}`);
      } else {
        const shown = runReportJson(report) as Record<string, unknown>;
        reports.push(said ? { ...shown, transcript: said } : shown);
      }
      if (!outcome.ok && !outcome.stoppedByShutdown) failed = true;
    }
  } finally {
    // Still watching while the queue drains and the recorder flushes: a signal now must not
    // kill the process mid-write.
    try {
      await Promise.race([
        server.drain(config.shutdown.graceMs).then(() => fleet.queue.close()),
        shutdown.abandoned,
      ]);
      await worker.close();
    } finally {
      shutdown.stop();
    }
  }
  if (json !== false)
    io.stdout(JSON.stringify(json === "one" ? (reports[0] ?? null) : reports, null, 2));
  return failed ? 1 : 0;
}

/**
 * A workflow another worker ran (its end read from the queue), as this command reports it: the
 * recorder's root of its latest attempt, and its outcome as the queue stored it.
 */
async function ranElsewhere(
  fleet: WorkerFleet,
  worker: Worker,
  id: string,
  input: unknown,
): Promise<WorkflowRun | undefined> {
  const status = await fleet.client.status(id);
  if (status === undefined) return undefined;
  const outcome: RunOutcome =
    status.state === "finished"
      ? { ok: true, output: status.output }
      : {
          ok: false,
          error: new Error(status.error?.message ?? `the workflow ended ${status.state}`),
          stoppedByShutdown: false,
        };
  return {
    id: attemptRootId(id, status.attempts),
    definition: worker.registry.get(status.workflow),
    input,
    settled: Promise.resolve(outcome),
  };
}
