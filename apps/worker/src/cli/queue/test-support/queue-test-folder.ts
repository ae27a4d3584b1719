// A PGlite folder with the queue of workflows in it, for the queue commands' tests: the commands
// run in-process (runCli) on the test's own PGlite instance, handed in through `openDatabase`,
// while the test serves the queue on the same instance with handlers of its own. Not exported
// from the app.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { silentLogger } from "@nucleo/core";
import {
  openFleetQueue,
  type FleetClient,
  type FleetHandler,
  type FleetQueue,
  type FleetServer,
} from "@nucleo/fleet";
import { openRecorderDatabase, type RecorderConnection } from "@nucleo/recorder-postgres";
import { afterAll, afterEach, beforeAll } from "vitest";
import { loadWorkerConfig } from "../../../config/load-worker-config.js";
import { fleetSettingsOf } from "../../../fleet/fleet-settings-of.js";
import { registryChecks } from "../../../fleet/registry-checks.js";
import { packageFile } from "../../../package-files.js";
import { registerWorkflows } from "../../../workflows/built-in-workflows.js";
import type { CliIo } from "../../cli-io.js";
import { nucleo, type Ran } from "../../test-support/run-in-process.js";

/** The test file's folder, its queue, and the command line running on it. */
export interface QueueTestFolder {
  /** The scratch folder: the worker's PGlite folder is `.nucleo/pglite` under it. */
  readonly folder: string;
  /** A client of the test's own queue, on the same database as the commands. */
  readonly client: FleetClient;
  /** How many times a command opened the database. */
  readonly opened: number;
  /** Runs `nucleo` in-process in the folder, on the test's PGlite instance. */
  nucleo(argv: readonly string[], io?: Partial<CliIo>): Promise<Ran>;
  /** Serves the queue with `handler` until the test ends (then the server is stopped). */
  serve(handler: FleetHandler): Promise<FleetServer>;
}

/**
 * Opens the worker's PGlite folder in a scratch folder before the file's tests (the lock is this
 * process's, as a serving worker's would be) and the queue of workflows on it, with the bundled
 * config's fleet settings; closes both, and removes the folder, after them.
 */
export function queueTestFolder(): QueueTestFolder {
  let folder = "";
  let connection: RecorderConnection | undefined;
  let queue: FleetQueue | undefined;
  let client: FleetClient | undefined;
  let opened = 0;
  const servers: FleetServer[] = [];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-queue-cli-"));
    connection = await openRecorderDatabase({
      dataDir: join(folder, ".nucleo/pglite"),
      migrate: false,
    });
    const config = await loadWorkerConfig(packageFile("config/worker.json"));
    queue = await openFleetQueue({
      database: { pglite: connection.pglite! },
      ...fleetSettingsOf(config),
      logger: silentLogger,
    });
    client = queue.client(registryChecks(registerWorkflows(config.workflows)));
  }, 120_000);
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });
  afterAll(async () => {
    await queue?.close();
    await connection?.close();
    await rm(folder, { recursive: true, force: true });
  });
  return {
    get folder() {
      return folder;
    },
    get client() {
      return client!;
    },
    get opened() {
      return opened;
    },
    nucleo: (argv, io = {}) =>
      nucleo(folder, argv, {
        // The command closes what it opened; the instance stays the test's.
        openDatabase: async () => {
          opened += 1;
          return { ...connection!, close: async () => {} };
        },
        ...io,
      }),
    async serve(handler) {
      const server = await queue!.serve(handler, { concurrency: 2 });
      servers.push(server);
      return server;
    },
  };
}

/** A promise with its resolve at hand: the handler says when it got somewhere. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
