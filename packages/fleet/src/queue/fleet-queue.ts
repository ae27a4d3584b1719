import { errorFields, type Logger, stderrLogger } from "@nucleo/core";
import { PgBoss } from "pg-boss";
import { FleetClient, type FleetWorkflows } from "../client/fleet-client.js";
import { FleetError } from "../fleet-error.js";
import type { FleetHandler } from "../server/fleet-run.js";
import { FleetServer } from "../server/fleet-server.js";
import type { ServeOptions } from "../server/serve-options.js";
import { describeDatabase, type FleetDatabase, pgBossOptions } from "./database-target.js";
import {
  type FleetSettings,
  type FleetSettingsInput,
  resolveFleetSettings,
} from "./fleet-settings.js";
import { ensureQueues } from "./ensure-queues.js";
import { ensurePresenceTable } from "./presence-table.js";
import { type QueueParts, registerQueueParts } from "./queue-parts.js";

/** What {@link openFleetQueue} opens: a database, the settings, a logger. */
export interface OpenFleetQueueOptions extends FleetSettingsInput {
  /** The PostgreSQL server or PGlite instance the queue lives in. */
  readonly database: FleetDatabase;
  /** Where pg-boss's errors and warnings go (default: `stderrLogger` of @nucleo/core). */
  readonly logger?: Logger;
}

/**
 * A workflow queue on PostgreSQL: one pg-boss instance, its queues created, its errors logged.
 * Submit and watch workflows through {@link FleetQueue.client}, run them with
 * {@link FleetQueue.serve}, and {@link FleetQueue.close} when done (PGlite stays open: its owner
 * closes it).
 */
export class FleetQueue {
  /** The settings the queue runs with, every default applied. */
  readonly settings: FleetSettings;
  /** The kind of database: a server (`postgres`) or embedded `pglite`. */
  readonly backend: "postgres" | "pglite";
  readonly #parts: QueueParts;
  #closing: Promise<void> | undefined;

  /**
   * @internal Use {@link openFleetQueue}. The parts are typed opaquely here so that the published
   * types never reach pg-boss's, which need Node's own (`@types/node`) to check.
   */
  constructor(parts: object, backend: "postgres" | "pglite") {
    const queueParts = parts as QueueParts;
    this.settings = queueParts.settings;
    this.backend = backend;
    this.#parts = queueParts;
    registerQueueParts(this, queueParts);
  }

  /**
   * A client that submits, watches and cancels workflows, checking each submission with
   * `workflows` (the same as `new FleetClient(queue, workflows)`).
   */
  client(workflows: FleetWorkflows): FleetClient {
    return new FleetClient(this, workflows);
  }

  /**
   * Starts taking workflows from the queue and running `handler` for each, `concurrency` at a
   * time, until the returned server is drained or the queue closed.
   */
  async serve(handler: FleetHandler, options: ServeOptions = {}): Promise<FleetServer> {
    return FleetServer.start(this, handler, options);
  }

  /**
   * Stops every server of this queue (handing back what still runs, see `FleetServer.stop`),
   * then pg-boss, closing its pool. Safe to call twice.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    const parts = this.#parts;
    await Promise.allSettled([...parts.servers].map((server) => server.stop()));
    parts.closed = true;
    await parts.boss.stop({ graceful: true, timeout: 1000 });
  }
}

/**
 * Opens the queue in `options.database`: installs or migrates pg-boss's schema, creates the
 * workflow queue and its dead-letter queue (or brings their options up to date) and the fleet's
 * worker table when missing, and attaches pg-boss's `error` and `warning` events to the logger.
 *
 * @throws {FleetError} `invalid_option` naming a bad setting; `database_unavailable` when the
 * database cannot be reached or set up (its URL masked).
 *
 * @example
 * const queue = await openFleetQueue({ database: { url: process.env.DATABASE_URL! } });
 * const client = queue.client(registry);
 * const { id } = await client.submit("digest-document", { url: "https://example.com" });
 */
export async function openFleetQueue(options: OpenFleetQueueOptions): Promise<FleetQueue> {
  const settings = resolveFleetSettings(options);
  const database = checkedDatabase(options.database);
  const logger = options.logger ?? stderrLogger;
  const where = describeDatabase(database);
  const boss = new PgBoss(pgBossOptions(database, settings));
  // Without a listener, an `error` event (a pool connection dropped) would throw out of emit().
  boss.on("error", (error: unknown) =>
    logger.error(
      { error: reportedError(error), database: where },
      "The workflow queue reported an error.",
    ),
  );
  boss.on("warning", (warning: { message?: unknown; data?: { type?: unknown } }) =>
    logger.warn(
      { type: String(warning.data?.type ?? "warning"), database: where },
      `The workflow queue warns: ${errorFields(new Error(String(warning.message))).message}`,
    ),
  );
  try {
    await boss.start();
    await ensureQueues(boss, settings);
    await ensurePresenceTable(boss, settings.schema);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    if (FleetError.isInstance(error)) throw error;
    throw new FleetError({
      code: "database_unavailable",
      message: `The workflow queue could not be opened on ${where}: ${errorFields(error).message}`,
      cause: error,
    });
  }
  const parts: QueueParts = { boss, settings, logger, servers: new Set(), closed: false };
  return new FleetQueue(parts, "pglite" in database ? "pglite" : "postgres");
}

function checkedDatabase(database: FleetDatabase | undefined): FleetDatabase {
  const given = database as Record<string, unknown> | undefined;
  if (
    given !== undefined &&
    typeof given.url === "string" &&
    given.url !== "" &&
    !("pglite" in given)
  )
    return database!;
  if (
    given !== undefined &&
    typeof given.pglite === "object" &&
    given.pglite !== null &&
    !("url" in given)
  )
    return database!;
  throw new FleetError({
    code: "invalid_option",
    field: "database",
    message:
      "database must be { url: string } (a PostgreSQL server) or { pglite } (an open PGlite instance)",
  });
}

// pg-boss emits Errors, and also plain copies of them ({ ...error, message, stack, queue }).
function reportedError(error: unknown) {
  if (error instanceof Error || typeof error !== "object" || error === null)
    return errorFields(error);
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  const copy = new Error(typeof message === "string" ? message : "unknown error");
  if (typeof name === "string") copy.name = name;
  return errorFields(Object.assign(copy, typeof code === "string" ? { code } : {}));
}
