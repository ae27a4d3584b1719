import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConversationService } from "@nucleo/conversation";
import {
  InvalidInputError,
  JobDispatcher,
  stderrLogger,
  type JobHandle,
  type Logger,
  type WorkflowReplay,
} from "@nucleo/core";
import { SummarizationTool } from "@nucleo/tools";
import type { LoadedWorkerConfig } from "../config/load-worker-config.js";
import { stopIfSignalled, type StartupStep } from "../shutdown/watch-startup-signals.js";
import { registerWorkflows } from "../workflows/built-in-workflows.js";
import type { WorkflowDefinition } from "../workflows/workflow-definition.js";
import type { WorkflowRegistry } from "../workflows/workflow-registry.js";
import { WorkerError } from "../worker-error.js";
import { contentPolicyFrom } from "./content-policy.js";
import { loadWorkerCatalog } from "./load-worker-catalog.js";
import { setUpModels, type ModelSetup } from "./model-setup.js";
import {
  describeRecorder,
  openRecorder,
  recorderOpeningStep,
  type RecorderSetup,
} from "./recorder-setup.js";
import { startTelemetry, type TelemetrySetup } from "./telemetry-setup.js";

/** What a worker is started from. */
export interface WorkerOptions {
  readonly config: LoadedWorkerConfig;
  /** API keys and `DATABASE_URL` are read here (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The working folder the PGlite folder is resolved against (default `process.cwd()`). */
  readonly cwd?: string;
  /** Told, a line at a time, what serves the models and where the recorder is, as each is set up. */
  readonly say?: (line: string) => void;
  /**
   * Told what the dispatcher, the admission and the recorder cannot throw to anyone (an
   * observer that threw, a shared budget store away, a recorder write retried): `createWorkerLogger`
   * gives one. Default: core's `stderrLogger`.
   */
  readonly logger?: Logger;
  /**
   * Stops the start (a SIGTERM while it runs, see `watchStartupSignals`): checked between its
   * steps; what was opened is closed, and `start` throws the signal's reason.
   */
  readonly signal?: AbortSignal;
  /**
   * Runs each long step of the start (opening the recorder's database), so that a signal during
   * it knows what it interrupts: `watchStartupSignals`'s `during`. Default: just runs it.
   */
  readonly during?: <T>(step: StartupStep, work: () => Promise<T>) => Promise<T>;
}

/** How a workflow run ended. */
export type RunOutcome =
  | { readonly ok: true; readonly output: unknown }
  | {
      readonly ok: false;
      readonly error: Error /** Cancelled because the worker was shutting down. */;
      readonly stoppedByShutdown: boolean;
    };

/** How a workflow is submitted to the worker's dispatcher. */
export interface WorkflowSubmitOptions {
  /** Binds the run to the `tenant` scope axis. */
  readonly tenant?: string;
  /** The root job's id (a queue's id for this attempt of its workflow); default: a fresh one. */
  readonly id?: string;
  /** Runs it as one attempt of a resumable workflow, replaying what earlier attempts finished. */
  readonly replay?: WorkflowReplay;
  /** Cancels the run and everything below it when it aborts (a cancel from the queue). */
  readonly signal?: AbortSignal;
}

/** A submitted workflow. */
export interface WorkflowRun {
  /** The root job's id: the workflow's id in the recorder. */
  readonly id: string;
  readonly definition: WorkflowDefinition;
  /** The input as checked (defaults applied). */
  readonly input: unknown;
  /** Settles when the run ends; never rejects. */
  readonly settled: Promise<RunOutcome>;
}

/**
 * The worker process's core in embedded mode: the catalog, the providers (or the mock
 * provider), the Postgres recorder and the registered workflows, composed from a config and
 * the environment around one dispatcher. It runs what it is given (the queue's server hands it
 * each attempt, and cancels one through the run's signal) until {@link close}, which waits for
 * running workflows, writes everything to the recorder and releases it all.
 *
 * @example
 * const worker = await Worker.start({ config: await loadWorkerConfig("config/worker.json") });
 * const run = worker.submit("budget_check", { costs: [40, 70], budget: 100 });
 * await run.settled;
 * await worker.recorder.recorder.flush();
 * console.log(await worker.recorder.queries.trajectory(run.id));
 * await worker.close();
 */
export class Worker {
  readonly config: LoadedWorkerConfig;
  readonly registry: WorkflowRegistry;
  readonly models: ModelSetup;
  readonly recorder: RecorderSetup;
  /** The OpenTelemetry export, when the config's `telemetry.otlpEndpoint` turned it on. */
  readonly telemetry: TelemetrySetup | undefined;
  readonly dispatcher: JobDispatcher;
  /** Durable conversations, kept in the recorder's database and compacted by a summarizer past their window. */
  readonly conversations: ConversationService;
  readonly #running = new Map<string, JobHandle<unknown>>();
  readonly #settling = new Set<Promise<RunOutcome>>();
  #accepting = true;
  #closed: Promise<void> | undefined;

  private constructor(
    config: LoadedWorkerConfig,
    registry: WorkflowRegistry,
    models: ModelSetup,
    recorder: RecorderSetup,
    telemetry: TelemetrySetup | undefined,
    logger: Logger,
  ) {
    this.config = config;
    this.registry = registry;
    this.models = models;
    this.recorder = recorder;
    this.telemetry = telemetry;
    this.dispatcher = new JobDispatcher({
      admission: models.admission,
      observers: telemetry ? [recorder.recorder, telemetry.observer] : [recorder.recorder],
      logger,
    });
    const { environment } = models;
    this.conversations = new ConversationService({
      store: recorder.conversations,
      environment,
      summarizer: new SummarizationTool({ environment }),
    });
  }

  /**
   * Loads the catalog, sets up the models and opens the recorder. When `signal` aborts, the
   * start stops after the step under way (it never cuts an open of the database short, so a
   * PGlite folder is not left half-made; `during` may end the process in a server's open, which
   * leaves nothing half-made), closes what it opened — releasing the PGlite folder's lock — and
   * throws.
   *
   * @throws {WorkerError} `config_invalid` for a bad catalog or policy, naming the file and the field.
   * @throws {WorkerError} `shutting_down` (the signal's reason) when `signal` aborted the start.
   * @throws the recorder's `RecorderDatabaseError` when its database cannot be opened.
   */
  static async start(options: WorkerOptions): Promise<Worker> {
    const { config, signal } = options;
    const env = options.env ?? process.env;
    const during = options.during ?? ((_step, work) => work());
    const logger = options.logger ?? stderrLogger;
    stopIfSignalled(signal);
    const catalog = await loadWorkerCatalog(config);
    const registry = registerWorkflows(config.workflows);
    const url = (env.DATABASE_URL ?? "").trim() === "" ? undefined : env.DATABASE_URL;
    const location = {
      url,
      pgliteDir: config.recorder.pgliteDir,
      cwd: options.cwd ?? process.cwd(),
      logger,
      content: contentPolicyFrom(config.recorder.content),
    };
    const shareBudgets = config.admission.shared ?? url !== undefined;
    if (shareBudgets && url === undefined) {
      throw new WorkerError({
        code: "config_invalid",
        file: config.file,
        field: "admission.shared",
        message: `Config ${config.file}, field admission.shared: sharing rate-limit budgets needs a PostgreSQL server (set DATABASE_URL); embedded PGlite serves one process.`,
      });
    }
    stopIfSignalled(signal);
    // Shared budgets live in the recorder's database, so a fleet's worker opens it before its
    // models (a server opens at once; only a new PGlite folder is slow, and it never shares).
    let recorder = shareBudgets
      ? await during(recorderOpeningStep(location), () => openRecorder(location))
      : undefined;
    let models: ModelSetup;
    try {
      stopIfSignalled(signal);
      models = await setUpModels({
        catalog,
        ...(config.policy === undefined ? {} : { policy: config.policy }),
        env,
        responders: registry.all().map((definition) => definition.mock),
        mockLatencyMs: config.mockProvider.latencyMs,
        logger,
        ...(recorder?.budgets ? { sharedBudgets: recorder.budgets } : {}),
      });
    } catch (error) {
      await recorder?.close();
      if (!InvalidInputError.isInstance(error)) throw error;
      throw new WorkerError({
        code: "config_invalid",
        file: config.file,
        field: "policy",
        message: `Config ${config.file}, field policy: ${error.message}`,
        cause: error,
      });
    }
    try {
      stopIfSignalled(signal);
      options.say?.(models.notice);
      // Creating a PGlite folder takes a while on the first run: say where, before waiting.
      const creating = url === undefined && !existsSync(resolve(location.cwd, location.pgliteDir));
      options.say?.(
        `recorder: ${describeRecorder(location)}${creating ? " (creating it: the first run takes a little while)" : ""}`,
      );
      if (shareBudgets)
        options.say?.("admission: rate-limit budgets shared with every worker on this database");
      if (recorder === undefined) {
        // `say` runs the caller's code, which may have stopped the start.
        stopIfSignalled(signal);
        recorder = await during(recorderOpeningStep(location), () => openRecorder(location));
      }
      // A signal during the open is honoured once it is done: closing now frees the folder.
      stopIfSignalled(signal);
    } catch (error) {
      try {
        await recorder?.close();
      } finally {
        await models.close();
      }
      throw error;
    }
    const telemetry = startTelemetry(config.telemetry, location.content);
    if (telemetry)
      options.say?.(
        `telemetry: each run as an OpenTelemetry GenAI trace to ${telemetry.endpoint} (content: ${config.telemetry.content})`,
      );
    return new Worker(config, registry, models, recorder, telemetry, logger);
  }

  /** False once the worker has begun to shut down. */
  get accepting(): boolean {
    return this.#accepting;
  }

  /** How many workflows are running now. */
  get running(): number {
    return this.#running.size;
  }

  /**
   * Checks `input` against the workflow's schema and submits the workflow.
   *
   * @throws {WorkerError} `unknown_workflow`, `input_invalid` (naming the field) or `shutting_down`.
   */
  submit(name: string, input: unknown, options: WorkflowSubmitOptions = {}): WorkflowRun {
    if (!this.#accepting)
      throw new WorkerError({
        code: "shutting_down",
        message: `The worker is shutting down and takes no new work (workflow "${name}" was not started).`,
      });
    const definition = this.registry.get(name);
    const checked = this.registry.parseInput(definition, input);
    const start = definition.start(checked, {
      environment: this.models.environment,
      conversations: this.conversations,
    });
    const handle = this.dispatcher.submit(start.job, start.input, {
      ...(options.tenant !== undefined && { scope: { axes: { tenant: options.tenant } } }),
      ...(options.id !== undefined && { id: options.id }),
      ...(options.replay !== undefined && { replay: options.replay }),
      ...(options.signal !== undefined && { signal: options.signal }),
    }) as JobHandle<unknown>;
    this.#running.set(handle.id, handle);
    const settled: Promise<RunOutcome> = handle.then(
      (output): RunOutcome => ({ ok: true, output }),
      (error: unknown): RunOutcome => ({
        ok: false,
        error: error instanceof Error ? error : new Error(String(error)),
        // Whoever stops the worker (a drain) knows it did; the run cannot tell.
        stoppedByShutdown: false,
      }),
    );
    this.#settling.add(settled);
    void settled.finally(() => {
      this.#running.delete(handle.id);
      this.#settling.delete(settled);
    });
    return { id: handle.id, definition, input: checked, settled };
  }

  /**
   * Gives up on the recorded events not yet written (the database is away and the operator
   * will not wait): the recorder stops retrying, and {@link close} then fails saying how many
   * were lost. Returns that number.
   */
  abandonRecording(reason: string): number {
    return this.recorder.recorder.abandon(reason);
  }

  /**
   * Stops taking work, waits for running workflows to settle, writes every recorded event, and
   * releases the recorder and the models.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#accepting = false;
      await Promise.all(this.#settling);
      try {
        await this.recorder.close();
      } finally {
        try {
          await this.telemetry?.close();
        } finally {
          await this.models.close();
        }
      }
    })();
    return this.#closed;
  }
}
