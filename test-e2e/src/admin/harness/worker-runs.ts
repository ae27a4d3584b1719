// Real worker runs for the console to show: workflows submitted with the built worker's
// `nucleo submit` to a `nucleo serve` worker on the mock provider, as an operator runs them.
import { type WorkerProcess, startWorker } from "../../test-support/built-worker.js";

/** Where the built worker's commands run: the database, the folder, the config, the mock provider. */
export interface WorkerSetup {
  readonly databaseUrl: string;
  readonly folder: string;
  readonly config: string;
  readonly mockProviderUrl: string;
}

/** The ids of the workflows the fill submitted (each also its run's root id once it ran). */
export interface WorkerRuns {
  /** `budget_check` on {@link SHORT_BUDGET_INPUT}: a thinker, an add tool, a sub-thinker. */
  readonly budget: string;
  /** `digest_document` on its sample: a doer fanning out one-call summaries. */
  readonly digest: string;
  /** `support_chat`, for tenant `acme`: the mock's answer holds {@link SUPPORT_CHAT_WORD}. */
  readonly chat: string;
  /** `benchmark_classify_ticket`: the benchmarks page's report. */
  readonly benchmark: string;
  /** `budget_check` with 45 costs: the thinker runs out of model turns and the run fails. */
  readonly failed: string;
  /** Submitted to start in an hour, then cancelled through the console's API. */
  readonly cancelled: string;
  /** Submitted to start in an hour: still queued, for the operator to cancel in the page. */
  readonly waiting: string;
}

/** A word only the mock provider's support-chat answer says ("I have noted: ..."). */
export const SUPPORT_CHAT_WORD = "noted";

/**
 * A short `budget_check` input: three costs, a run of 14 jobs. The run page's tree is a
 * virtualised list that holds only the rows in view, and its test compares every row with the
 * API's jobs: 14 fit in view, the example input's ten costs (42 jobs) do not.
 */
const SHORT_BUDGET_INPUT = { costs: [40, 70, 25], budget: 120 };

/** The `budget_check` input that fails: more costs than the thinker has model turns to add them. */
const FAILING_BUDGET_INPUT = {
  costs: Array.from({ length: 45 }, (_unused, index) => index + 1),
  budget: 10,
};

/** Starts `nucleo serve` and resolves once it serves the queue. */
export async function startServe(setup: WorkerSetup): Promise<WorkerProcess> {
  const worker = startWorker(["serve", "--config", setup.config], {
    databaseUrl: setup.databaseUrl,
    cwd: setup.folder,
    env: { NUCLEO_MOCK_PROVIDER_URL: setup.mockProviderUrl },
  });
  await worker.waitFor(/^serving workflows from the queue/m);
  return worker;
}

/** Runs `nucleo <args>` to its end; its exit code and output. */
async function nucleo(setup: WorkerSetup, ...args: string[]) {
  const command = startWorker([...args, "--config", setup.config], {
    databaseUrl: setup.databaseUrl,
    cwd: setup.folder,
    env: { NUCLEO_MOCK_PROVIDER_URL: setup.mockProviderUrl },
  });
  const code = await command.exited;
  return { code, stdout: command.stdout(), stderr: command.stderr() };
}

/** Submits `workflow` with `args` and `--json`; its id, and its end state when `--wait` is given. */
async function submit(
  setup: WorkerSetup,
  workflow: string,
  args: readonly string[],
  expectedCode = 0,
): Promise<string> {
  const run = await nucleo(setup, "submit", workflow, ...args, "--json");
  if (run.code !== expectedCode) {
    throw new Error(
      `nucleo submit ${workflow} ${args.join(" ")} exited ${run.code}, not ${expectedCode}:\n${run.stdout}\n${run.stderr}`,
    );
  }
  return (JSON.parse(run.stdout) as { id: string }).id;
}

/**
 * Submits the fill's workflows to the serving worker, all at once, and waits for each to end:
 * three that finish, a benchmark, one that fails, one cancelled (by `cancel`) before it started,
 * and one left queued.
 */
export async function submitWorkerRuns(
  setup: WorkerSetup,
  cancel: (id: string) => Promise<void>,
): Promise<WorkerRuns> {
  const later = ["--start-after", "3600"];
  const cancelled = async () => {
    const id = await submit(setup, "digest_document", later);
    await cancel(id);
    return id;
  };
  const [budget, digest, chat, benchmark, failed, cancelledId, waiting] = await Promise.all([
    submit(setup, "budget_check", ["--input", JSON.stringify(SHORT_BUDGET_INPUT), "--wait"]),
    submit(setup, "digest_document", ["--wait"]),
    submit(setup, "support_chat", [
      "--tenant",
      "acme",
      "--input",
      JSON.stringify({ conversation: "e2e-admin", message: "Where is my parcel? It is late." }),
      "--wait",
    ]),
    submit(setup, "benchmark_classify_ticket", ["--wait"]),
    submit(setup, "budget_check", ["--input", JSON.stringify(FAILING_BUDGET_INPUT), "--wait"], 1),
    cancelled(),
    submit(setup, "budget_check", later),
  ]);
  return {
    budget: budget!,
    digest: digest!,
    chat: chat!,
    benchmark: benchmark!,
    failed: failed!,
    cancelled: cancelledId!,
    waiting: waiting!,
  };
}
