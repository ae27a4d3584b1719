import { resolve } from "node:path";
import { firstPrintableLine, printableText } from "@nucleo/core";
import { loadWorkerConfig, type LoadedWorkerConfig } from "../config/load-worker-config.js";
import { Worker } from "../compose/worker.js";
import { openRecorder, recorderOpeningStep } from "../compose/recorder-setup.js";
import { packageFile } from "../package-files.js";
import { formatRunReport } from "../report/format-run-report.js";
import { formatSizing } from "../report/format-sizing.js";
import { formatWorkflowList } from "../report/format-workflow-list.js";
import { readRunReport } from "../report/run-report.js";
import { watchShutdownSignals, type SignalSource } from "../shutdown/watch-shutdown-signals.js";
import { stopIfSignalled, watchStartupSignals, type StartupSignals } from "../shutdown/watch-startup-signals.js";
import { registerWorkflows } from "../workflows/built-in-workflows.js";
import { WorkerError } from "../worker-error.js";
import { parseCommand, type WorkerCommand } from "./parse-command.js";
import { readInputOption } from "./read-input-option.js";
import { USAGE } from "./usage.js";

/** What the command line runs against: output, environment, folders and signals. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The working folder: the PGlite folder is resolved against it. */
  readonly cwd: string;
  /** Where the caller ran the command: `--config` and `--input @file` are resolved against it. */
  readonly callerCwd: string;
  readonly signals?: SignalSource;
  /**
   * Ends the process at once (default `process.exit`): for a signal during the start that will
   * not wait for the step under way (see `watchStartupSignals`).
   */
  readonly exit?: (code: number) => void;
}

/** One workflow to run, by name, with its raw (unchecked) input. */
interface RunRequest {
  readonly workflow: string;
  readonly input: unknown;
}

/**
 * The worker's command line: `examples` (the default), `run`, `list`, `sizing`. Returns the exit
 * status: 0 done (a graceful shutdown included, also one that stopped the start), 1 a workflow
 * failed or the recorder could not be opened or refused a write, 2 bad usage, config, catalog,
 * workflow name or input. A signal during the start may instead end the process at once through
 * `io.exit` (see `watchStartupSignals`): 0 when a server's open was cut short, 1 on a third signal.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let starting: StartupSignals | undefined;
  try {
    const command = parseCommand(argv);
    if (command.kind === "help") {
      io.stdout(USAGE);
      return 0;
    }
    const configFile = command.config === undefined ? packageFile("config/worker.json") : resolve(io.callerCwd, command.config);
    if (command.kind === "list") {
      io.stdout(formatWorkflowList(registerWorkflows((await loadWorkerConfig(configFile)).workflows).all()));
      return 0;
    }
    // Watched before anything is opened: a signal killing the process mid-open would leave the
    // PGlite folder's lock behind. (`list` opens nothing and keeps the default.)
    starting = watchStartupSignals(io.stdout, { signals: io.signals, exit: io.exit });
    const config = await loadWorkerConfig(configFile);
    if (command.kind === "sizing") return await printSizing(config, command.jobClass, io, starting);
    return await runWorkflows(config, await requestsOf(command, config, io), command.tenant, io, starting);
  } catch (error) {
    return reportFailure(error, io);
  } finally {
    starting?.stop();
  }
}

/** The runs a command asks for, each checked before anything starts. */
async function requestsOf(command: Extract<WorkerCommand, { kind: "run" | "examples" }>, config: LoadedWorkerConfig, io: CliIo): Promise<RunRequest[]> {
  const registry = registerWorkflows(config.workflows);
  if (command.kind === "examples") return registry.all().map((definition) => ({ workflow: definition.name, input: definition.exampleInput }));
  const definition = registry.get(command.workflow);
  const input = command.input === undefined ? definition.exampleInput : await readInputOption(command.input, io.callerCwd);
  // Checked now, so a bad input is refused before the recorder and the models start.
  registry.parseInput(definition, input);
  return [{ workflow: definition.name, input }];
}

async function runWorkflows(config: LoadedWorkerConfig, requests: readonly RunRequest[], tenant: string | undefined, io: CliIo, starting: StartupSignals): Promise<number> {
  const worker = await Worker.start({ config, env: io.env, cwd: io.cwd, say: io.stdout, signal: starting.signal, during: starting.during });
  // The start is over: the run's signal handling takes over in the same synchronous stretch,
  // so no signal falls between the two.
  starting.stop();
  const stopWatching = watchShutdownSignals(worker, io.stdout, io.signals);
  let failed = false;
  try {
    for (const [index, request] of requests.entries()) {
      if (!worker.accepting) {
        io.stdout(`Shutting down: not starting ${requests.slice(index).map((left) => left.workflow).join(", ")}.`);
        break;
      }
      const run = worker.submit(request.workflow, request.input, tenant === undefined ? {} : { tenant });
      io.stdout(`\nRunning ${request.workflow} (workflow ${run.id})`);
      const outcome = await run.settled;
      await worker.recorder.recorder.flush();
      io.stdout(formatRunReport(await readRunReport(worker.recorder.queries, run, outcome)));
      if (!outcome.ok && !outcome.stoppedByShutdown) failed = true;
    }
  } finally {
    // Still watching while the recorder flushes: a signal now must not kill the process mid-write.
    try {
      await worker.close();
    } finally {
      stopWatching();
    }
  }
  return failed ? 1 : 0;
}

async function printSizing(config: LoadedWorkerConfig, jobClass: string | undefined, io: CliIo, starting: StartupSignals): Promise<number> {
  stopIfSignalled(starting.signal);
  const location = { url: io.env["DATABASE_URL"], pgliteDir: config.recorder.pgliteDir, cwd: io.cwd };
  const recorder = await starting.during(recorderOpeningStep(location), () => openRecorder(location));
  try {
    stopIfSignalled(starting.signal);
    io.stdout(formatSizing(await recorder.queries.seatSizing(jobClass === undefined ? {} : { jobClass }), recorder.where));
  } finally {
    await recorder.close();
  }
  return 0;
}

function reportFailure(error: unknown, io: CliIo): number {
  if (WorkerError.isInstance(error)) {
    io.stderr(`nucleo-worker: ${printableText(error.message)}${error.code === "usage" ? `\n\n${USAGE}` : ""}`);
    return error.code === "shutting_down" ? 0 : 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`nucleo-worker: ${firstPrintableLine(message)}`);
  return 1;
}
