import { resolve } from "node:path";
import { openFleetQueue, type FleetClient, type FleetQueue } from "@nucleo/fleet";
import { RecorderDatabaseError, type RecorderConnection } from "@nucleo/recorder-postgres";
import type { LoadedWorkerConfig } from "../../config/load-worker-config.js";
import { fleetSettingsOf } from "../../fleet/fleet-settings-of.js";
import { registryChecks } from "../../fleet/registry-checks.js";
import { stopIfSignalled, type StartupSignals } from "../../shutdown/watch-startup-signals.js";
import type { WorkflowRegistry } from "../../workflows/workflow-registry.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import {
  resolveDatabaseTarget,
  type DatabaseFlags,
  type DatabaseTarget,
} from "../database/database-target.js";
import { openQueryDatabase } from "../database/open-query-database.js";
import { workerLoggerFor } from "../worker-logger-for.js";

/** What a queue command needs to open the queue of workflows. */
export interface OpenCliQueueOptions {
  readonly flags: DatabaseFlags;
  readonly config: LoadedWorkerConfig;
  readonly registry: WorkflowRegistry;
  /** `submit` and `schedule add` create a missing PGlite folder; the other commands refuse one. */
  readonly creates: boolean;
  readonly starting: StartupSignals;
  /** Told the target as soon as it is known, so that its password is scrubbed from the open's errors too. */
  readonly onTarget: (target: DatabaseTarget) => void;
  /** Also open the recorder's database on a server (on PGlite it is always open): `nucleo admin` reads it. */
  readonly recorder?: boolean;
}

/** The queue a command acts on, its client, and where it lives. */
export interface CliQueue {
  readonly queue: FleetQueue;
  /** Checks each submission against the config's workflows. */
  readonly client: FleetClient;
  readonly target: DatabaseTarget;
  /** The recorder's database: on PGlite always, on a server when `recorder` was asked for. */
  readonly connection: RecorderConnection | undefined;
  /** Closes the queue, then the database under it (on PGlite). Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens the queue of workflows for a command that acts on it without running any: in the same
 * database as the query commands read (see `resolveDatabaseTarget`) — a PostgreSQL server, where
 * pg-boss opens its own small pool, or the embedded PGlite folder, opened as the query commands
 * open it and shared with the queue. Nothing else is opened: no models, no recorder writer, and
 * no recorder migrations (pg-boss keeps its own schema). The queue is a client's: it runs no
 * supervisor and no schedules, which the serving workers do.
 *
 * @throws {WorkerError} `usage` naming the flag (see `openQueryDatabase`).
 * @throws {Error} when the database cannot be opened — on PGlite, when a serving process holds
 * the folder, saying to run the fleet on a PostgreSQL server.
 */
export async function openCliQueue(options: OpenCliQueueOptions, io: CliIo): Promise<CliQueue> {
  const { flags, config, starting } = options;
  checkFlags(flags);
  const target = resolveDatabaseTarget(flags, io.env, {
    callerCwd: io.callerCwd,
    defaultDataDir: resolve(io.cwd, config.recorder.pgliteDir),
  });
  if (target.kind === "postgres" && !/^postgres(?:ql)?:\/\//i.test(target.url))
    throw new WorkerError({
      code: "usage",
      field: target.source,
      message: `${target.source} must be a postgres:// URL, got ${target.shown}.`,
    });
  let connection: RecorderConnection | undefined;
  if (target.kind === "pglite") {
    connection = await openPgliteFolder(options, io);
  } else if (options.recorder === true) {
    connection = (
      await openQueryDatabase(
        {
          flags: options.flags,
          pgliteDir: config.recorder.pgliteDir,
          creates: false,
          starting,
          onTarget: options.onTarget,
        },
        io,
      )
    ).connection;
  } else {
    options.onTarget(target);
    stopIfSignalled(starting.signal);
  }
  const settings = {
    ...fleetSettingsOf(config),
    // A client's queue: the serving workers sweep for lost heartbeats and send the schedules,
    // and it never waits for a notification, so it needs no listening connection either.
    supervise: false,
    runSchedules: false,
    useListenNotify: false,
    poolMax: 2,
    logger: workerLoggerFor(config, io),
  };
  let queue: FleetQueue;
  try {
    const database = target.kind === "postgres" ? { url: target.url } : pgliteOf(connection);
    queue = await starting.during(
      {
        doing: `opening the queue of workflows, ${target.shown}`,
        // A server rolls back what a dropped connection had not committed; PGlite's folder must
        // not be left mid-write.
        interruptible: target.kind === "postgres",
      },
      () => openFleetQueue({ database, ...settings }),
    );
    stopIfSignalled(starting.signal);
  } catch (error) {
    await connection?.close().catch(() => {});
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    queue,
    client: queue.client(registryChecks(options.registry)),
    target,
    connection,
    close: () =>
      (closing ??= (async () => {
        try {
          await queue.close();
        } finally {
          await connection?.close();
        }
      })()),
  };
}

async function openPgliteFolder(
  options: OpenCliQueueOptions,
  io: CliIo,
): Promise<RecorderConnection> {
  try {
    const opened = await openQueryDatabase(
      {
        flags: options.flags,
        pgliteDir: options.config.recorder.pgliteDir,
        creates: options.creates,
        starting: options.starting,
        onTarget: options.onTarget,
      },
      io,
    );
    return opened.connection;
  } catch (error) {
    if (RecorderDatabaseError.isInstance(error) && error.code === "recorder_data_dir_in_use")
      throw new Error(
        `${error.message} A worker serving the queue (nucleo serve, or nucleo examples) keeps the embedded folder to itself: to submit to a fleet and watch it from other processes, run every worker and command on one PostgreSQL server (set DATABASE_URL, or pass --url).`,
        { cause: error },
      );
    throw error;
  }
}

function pgliteOf(connection: RecorderConnection | undefined) {
  if (connection?.pglite === undefined)
    throw new Error("The embedded database was opened without its PGlite instance.");
  return { pglite: connection.pglite };
}

// The same refusals as `openQueryDatabase`, made before the target is chosen: on a server it is
// not called.
function checkFlags(flags: DatabaseFlags): void {
  const usage = (message: string, field: string) =>
    new WorkerError({ code: "usage", field, message });
  if (flags.url !== undefined && flags.dataDir !== undefined)
    throw usage("Give --url or --data-dir, not both.", "--url");
  if (flags.url?.trim() === "") throw usage("--url needs a value.", "--url");
  if (flags.dataDir?.trim() === "") throw usage("--data-dir needs a value.", "--data-dir");
}
