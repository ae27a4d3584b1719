import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ContentPolicy, Logger } from "@nucleo/core";
import {
  maskDatabaseUrl,
  openRecorderDatabase,
  PostgresBudgetStore,
  PostgresConversationStore,
  PostgresRecorder,
  RecorderQueries,
  ReplayCheckpoints,
} from "@nucleo/recorder-postgres";
import type { FleetDatabase } from "@nucleo/fleet";
import type { StartupStep } from "../shutdown/watch-startup-signals.js";

/** Where the recorder is and how to reach it. */
export interface RecorderSetupOptions {
  /** A PostgreSQL server's URL (`DATABASE_URL`); without one, embedded PGlite in `pgliteDir`. */
  readonly url?: string | undefined;
  /** The PGlite data folder, resolved against `cwd`. */
  readonly pgliteDir: string;
  readonly cwd: string;
  /** Told of every write problem (the recorder's `logger`). Default: core's `stderrLogger`. */
  readonly logger?: Logger;
  /** What the recorder keeps of what was said (the config's `recorder.content`). Default: everything. */
  readonly content?: ContentPolicy;
}

/** The recorder: the writer the dispatcher feeds, the queries the reports read, and where they live. */
export interface RecorderSetup {
  readonly recorder: PostgresRecorder;
  readonly queries: RecorderQueries;
  /** The durable conversations of chat workflows, in the same database. */
  readonly conversations: PostgresConversationStore;
  /** The rate-limit budgets a fleet shares, on a PostgreSQL server; `undefined` on PGlite (one process). */
  readonly budgets: PostgresBudgetStore | undefined;
  /** `PostgreSQL at postgres://user:***@host/db` or `PGlite at /abs/folder` — secret-free. */
  readonly where: string;
  /** Where the queue of workflows lives: the same server, or the same PGlite instance. */
  readonly queueDatabase: FleetDatabase;
  /** What a resumed workflow replays, kept by the recorder. */
  readonly checkpoints: ReplayCheckpoints;
  /** Writes what is buffered, then closes the writer and the database. */
  close(): Promise<void>;
}

/**
 * Opens the recorder's database (a PostgreSQL server when `url` is given, else embedded PGlite
 * in a local folder), migrates it, and builds the writer and the queries over it.
 */
export async function openRecorder(options: RecorderSetupOptions): Promise<RecorderSetup> {
  const { url, dataDir } = locate(options);
  const connection = await openRecorderDatabase(url === undefined ? { dataDir } : { url });
  const recorder = new PostgresRecorder({
    db: connection.db,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.content ? { content: options.content } : {}),
  });
  let closed: Promise<void> | undefined;
  return {
    recorder,
    queries: new RecorderQueries(connection.db),
    conversations: new PostgresConversationStore(connection.db),
    budgets: connection.kind === "postgres" ? new PostgresBudgetStore(connection.db) : undefined,
    where: describeRecorder(options),
    queueDatabase: url === undefined ? { pglite: connection.pglite! } : { url },
    checkpoints: new ReplayCheckpoints(connection.db),
    close: () =>
      (closed ??= (async () => {
        try {
          await recorder.close();
        } finally {
          await connection.close();
        }
      })()),
  };
}

/** Where the recorder will be, secret-free: `PostgreSQL at postgres://user:***@host/db` or `PGlite at /abs/folder`. */
export function describeRecorder(options: RecorderSetupOptions): string {
  const { url, dataDir } = locate(options);
  return url === undefined ? `PGlite at ${dataDir}` : `PostgreSQL at ${maskDatabaseUrl(url)}`;
}

/**
 * Opening the recorder as a step of the start, for the signals that may come during it: a
 * server's open may be cut short (the server rolls back an unfinished migration), a PGlite
 * folder's may not (see `StartupStep`). Call it just before the open: it looks whether the
 * folder exists yet.
 */
export function recorderOpeningStep(options: RecorderSetupOptions): StartupStep {
  const { url, dataDir } = locate(options);
  if (url !== undefined)
    return {
      doing: `opening the recorder's database, PostgreSQL at ${maskDatabaseUrl(url)}`,
      interruptible: true,
    };
  if (!existsSync(dataDir)) {
    return {
      doing: `creating the recorder's PGlite folder ${dataDir}`,
      interruptible: false,
      leavesBehind:
        "its lock is released as the process ends, but the folder may be left half-made: delete it if the next start cannot open it",
    };
  }
  return {
    doing: `opening the recorder's PGlite folder ${dataDir}`,
    interruptible: false,
    leavesBehind: "its lock is released as the process ends",
  };
}

function locate(options: RecorderSetupOptions): {
  readonly url: string | undefined;
  readonly dataDir: string;
} {
  const url = options.url === undefined || options.url.trim() === "" ? undefined : options.url;
  return { url, dataDir: resolve(options.cwd, options.pgliteDir) };
}
