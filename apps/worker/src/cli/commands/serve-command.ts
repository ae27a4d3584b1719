import type { Command } from "commander";
import { Worker } from "../../compose/worker.js";
import { stopIfSignalled } from "../../shutdown/watch-startup-signals.js";
import { queueHandler } from "../../fleet/queue-handler.js";
import { watchServeSignals } from "../../fleet/watch-serve-signals.js";
import { isWorkflowRetryable } from "../../fleet/workflow-retry-policy.js";
import { openWorkerFleet } from "../../fleet/worker-fleet.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { workerLoggerFor } from "../worker-logger-for.js";
import { loadConfigOption } from "./load-config.js";

interface ServeFlags {
  readonly config?: string;
  readonly concurrency?: string;
}

/**
 * `nucleo serve`: the worker as a service. It takes workflows from the queue in its database
 * (`DATABASE_URL`, or the embedded PGlite folder, which only this process may then use), runs
 * each through the dispatcher with the recorder and the admission, stores its result, and goes
 * on until SIGTERM or SIGINT, which drain it (see `watchServeSignals`). Any number of workers on
 * one PostgreSQL server share the work, the rate limits and the crash takeover.
 */
export function addServeCommand(program: Command, io: CliIo, state: CliState): void {
  program
    .command("serve")
    .description(
      "take workflows from the queue and run them until stopped; SIGTERM drains (submit with nucleo submit)",
    )
    .option(
      "--config <file>",
      "the worker's config, JSON or YAML (default: the bundled config/worker.json)",
    )
    .option("--concurrency <n>", "workflows run at once (default: the config's fleet.concurrency)")
    .action(async (flags: ServeFlags) => {
      const config = await loadConfigOption(flags.config, io);
      const concurrency = concurrencyOf(flags.concurrency) ?? config.fleet.concurrency;
      const logger = workerLoggerFor(config, io);
      const { starting } = state;
      const worker = await Worker.start({
        config,
        env: io.env,
        cwd: io.cwd,
        say: io.stdout,
        logger,
        signal: starting.signal,
        during: starting.during,
      });
      let shutdown: ReturnType<typeof watchServeSignals> | undefined;
      try {
        const fleet = await openWorkerFleet(worker, logger);
        try {
          const server = await fleet.queue.serve(queueHandler(worker, { logger }), {
            concurrency,
            graceMs: config.shutdown.graceMs,
            isRetryable: isWorkflowRetryable,
            onTaken: (run) =>
              logger.info(
                { workflowId: run.id, workflow: run.workflow, attempt: run.attempt },
                "took a workflow from the queue",
              ),
            onEnded: (run, ending) =>
              logger.info(
                {
                  workflowId: run.id,
                  workflow: run.workflow,
                  attempt: run.attempt,
                  outcome: ending.outcome,
                  durationMs: ending.durationMs,
                  ...(ending.error && { error: ending.error }),
                },
                "a workflow's attempt ended",
              ),
          });
          try {
            // A signal while the slots started stops the start; after this, it drains.
            stopIfSignalled(starting.signal);
          } catch (error) {
            await server.stop();
            throw error;
          }
          starting.stop();
          shutdown = watchServeSignals(server, worker, io.stdout, io.signals);
          const { heartbeatSeconds, monitorIntervalSeconds } = config.fleet;
          io.stdout(
            `serving workflows from the queue (${concurrency} at once); a dead worker's workflows are taken over after about ${heartbeatSeconds + monitorIntervalSeconds} s. SIGTERM or Ctrl-C drains.`,
          );
          await Promise.race([shutdown.drained, shutdown.abandoned]);
        } finally {
          // A third signal gives up on a database that is away: the queue is not waited for.
          await Promise.race([fleet.queue.close(), shutdown?.abandoned ?? new Promise(() => {})]);
        }
      } finally {
        try {
          await worker.close();
        } finally {
          shutdown?.stop();
        }
      }
      state.code = 0;
    });
}

function concurrencyOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > 1_000)
    throw new WorkerError({
      code: "usage",
      field: "--concurrency",
      message: `--concurrency needs a whole number from 1 to 1000 (got ${JSON.stringify(value)}).`,
    });
  return parsed;
}
