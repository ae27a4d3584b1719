import { existsSync } from "node:fs";
import { resolve } from "node:path";
import {
  openRecorderDatabase,
  RecorderDatabaseError,
  type RecorderConnection,
} from "@nucleo/recorder-postgres";
import { recorderOpeningStep } from "../../compose/recorder-setup.js";
import { stopIfSignalled, type StartupSignals } from "../../shutdown/watch-startup-signals.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import {
  resolveDatabaseTarget,
  type DatabaseFlags,
  type DatabaseTarget,
} from "./database-target.js";

/** What a query command needs to open the recorder's database. */
export interface QueryDatabaseOptions {
  readonly flags: DatabaseFlags;
  /** The worker's PGlite folder, from its config, relative to `io.cwd`. */
  readonly pgliteDir: string;
  /** `migrate` creates a missing PGlite folder; the queries refuse one, saying how to create it. */
  readonly creates: boolean;
  readonly starting: StartupSignals;
  /** Told the target as soon as it is known, before the open: so that its password is scrubbed from the open's errors too. */
  readonly onTarget?: (target: DatabaseTarget) => void;
}

/**
 * Opens the recorder's database for a query command (see `resolveDatabaseTarget` for which),
 * without migrating it. A PGlite open runs as a step of the start, so a signal during it waits
 * for the folder to be whole (see `watchStartupSignals`).
 *
 * @throws {WorkerError} `usage` naming the flag: both `--url` and `--data-dir`, an empty one, a
 * `--data-dir` with no database, or a URL the driver cannot take.
 * @throws {Error} when there is no database at the worker's folder, or it cannot be opened.
 */
export async function openQueryDatabase(
  options: QueryDatabaseOptions,
  io: CliIo,
): Promise<{ readonly connection: RecorderConnection; readonly target: DatabaseTarget }> {
  const { flags, starting } = options;
  if (flags.url !== undefined && flags.dataDir !== undefined)
    throw usage("Give --url or --data-dir, not both.", "--url");
  if (flags.url?.trim() === "") throw usage("--url needs a value.", "--url");
  if (flags.dataDir?.trim() === "") throw usage("--data-dir needs a value.", "--data-dir");
  stopIfSignalled(starting.signal);
  const target = resolveDatabaseTarget(flags, io.env, {
    callerCwd: io.callerCwd,
    defaultDataDir: resolve(io.cwd, options.pgliteDir),
  });
  options.onTarget?.(target);
  if (target.kind === "pglite" && !options.creates && !existsSync(target.dataDir)) {
    if (target.source === "--data-dir")
      throw usage(
        `--data-dir: no recorder database at ${target.dataDir} (nucleo migrate --data-dir ${target.dataDir} creates one).`,
        "--data-dir",
      );
    throw new Error(
      `No recorder database given and none at the worker's ${target.dataDir}: run a workflow first (nucleo run), pass --url, --data-dir or DATABASE_URL, or create it with nucleo migrate.`,
    );
  }
  const open = io.openDatabase ?? openRecorderDatabase;
  const location =
    target.kind === "postgres"
      ? { url: target.url, pgliteDir: "", cwd: io.cwd }
      : { url: undefined, pgliteDir: target.dataDir, cwd: io.cwd };
  stopIfSignalled(starting.signal);
  let connection: RecorderConnection;
  try {
    connection = await starting.during(recorderOpeningStep(location), () =>
      open({
        ...(target.kind === "postgres" ? { url: target.url } : { dataDir: target.dataDir }),
        migrate: false,
      }),
    );
  } catch (error) {
    if (RecorderDatabaseError.isInstance(error) && error.code === "recorder_database_options")
      throw usage(`${target.source}: ${error.message}`, target.source, error);
    throw error;
  }
  try {
    // A signal during the open is honoured once it is done: closing now frees the folder.
    stopIfSignalled(starting.signal);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return { connection, target };
}

function usage(message: string, field: string, cause?: unknown): WorkerError {
  return new WorkerError({
    code: "usage",
    field,
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}
