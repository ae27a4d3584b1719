import { FleetError } from "@nucleo/fleet";
import type { LoadedWorkerConfig } from "../../config/load-worker-config.js";
import { registerWorkflows } from "../../workflows/built-in-workflows.js";
import type { WorkflowRegistry } from "../../workflows/workflow-registry.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { loadConfigOption } from "../commands/load-config.js";
import { scrubPassword } from "../database/database-target.js";
import { openCliQueue, type CliQueue } from "./open-cli-queue.js";

/** The flags every queue command takes: where the queue is, the config, and `--json`. */
export interface QueueDatabaseFlags {
  readonly url?: string;
  readonly dataDir?: string;
  readonly config?: string;
  readonly json?: boolean;
}

/** What a queue command works with once the queue is open. */
export interface QueueSession extends CliQueue {
  readonly config: LoadedWorkerConfig;
  readonly registry: WorkflowRegistry;
}

/** How a command opens the queue: whether it may create the PGlite folder, and what to check first. */
export interface WithQueueOptions {
  /** `submit` and `schedule add` create the worker's PGlite folder when it is missing. */
  readonly creates?: boolean;
  /** Runs before the queue is opened (the registry's checks of a workflow and its input). */
  readonly before?: (config: LoadedWorkerConfig, registry: WorkflowRegistry) => Promise<void>;
  /** Also open the recorder's database on a server (see `OpenCliQueueOptions.recorder`). */
  readonly recorder?: boolean;
}

// The queue names its options as its API does; the command line names them as the user typed them.
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  idempotencyKey: "--key",
  key: "--key",
  tenant: "--tenant",
  priority: "--priority",
  startAfter: "--start-after",
  tz: "--tz",
  cron: "<cron>",
  limit: "--limit",
  state: "--state",
  workflow: "<workflow>",
};

/**
 * Opens the queue of workflows (see `openCliQueue`), hands it to `use`, and closes it — the
 * queue, then its database — whatever happens. Every message is scrubbed of the database
 * password from the moment the target is known, and an option the queue refuses is reported as
 * a usage error naming the flag.
 */
export async function withCliQueue<T>(
  io: CliIo,
  state: CliState,
  flags: QueueDatabaseFlags,
  use: (session: QueueSession) => Promise<T>,
  options: WithQueueOptions = {},
): Promise<T> {
  const config = await loadConfigOption(flags.config, io);
  const registry = registerWorkflows(config.workflows);
  await options.before?.(config, registry);
  const opened = await openCliQueue(
    {
      flags: { url: flags.url, dataDir: flags.dataDir },
      config,
      registry,
      creates: options.creates ?? false,
      recorder: options.recorder ?? false,
      starting: state.starting,
      onTarget: (target) => {
        state.scrub = (text) => scrubPassword(text, target);
      },
    },
    io,
  );
  try {
    return await use({ ...opened, config, registry });
  } catch (error) {
    throw asUsage(error);
  } finally {
    await opened.close().catch(() => {});
  }
}

/** A FleetError `invalid_option` becomes the command line's usage error, naming the flag. */
function asUsage(error: unknown): unknown {
  if (!FleetError.isInstance(error) || error.code !== "invalid_option") return error;
  const field = error.field;
  const flag =
    field !== undefined && Object.hasOwn(FLAG_OF_FIELD, field) ? FLAG_OF_FIELD[field] : undefined;
  if (field === undefined || flag === undefined) return error;
  // The queue's messages start with its name for the option: the command line's takes its place.
  const message = error.message.startsWith(`${field} `)
    ? `${flag}${error.message.slice(field.length)}`
    : `${flag}: ${error.message}`;
  return new WorkerError({ code: "usage", field: flag, message, cause: error });
}
