import { randomBytes } from "node:crypto";
import { chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cleanUpIfAbandoned } from "./crash-cleanup.ts";
import {
  findPostgresBinaries,
  type FindPostgresBinariesOptions,
  type PostgresBinaries,
} from "./find-postgres-binaries.ts";
import { findFreePort } from "./free-port.ts";
import { runCommand, tail } from "./run-command.ts";
import { serverAccount, temporaryRoot, type ServerAccount } from "./server-account.ts";

export { findFreePort } from "./free-port.ts";
export {
  findPostgresBinaries,
  POSTGRES_BINARIES_NOT_FOUND,
  type FindPostgresBinariesOptions,
  type PostgresBinaries,
} from "./find-postgres-binaries.ts";

/** A PostgreSQL server of its own for a test run, on 127.0.0.1 and a free port. */
export interface ThrowawayPostgres {
  /** `postgres://postgres:<generated password>@127.0.0.1:<port>/postgres`; the superuser's. */
  readonly url: string;
  readonly port: number;
  /** The server's temporary folder: `data/` and `server.log` (read it when a test fails oddly). */
  readonly dir: string;
  /** Stops the server (fast shutdown), keeping its data. Does nothing when stopped. */
  stop(): Promise<void>;
  /** Starts it again after {@link ThrowawayPostgres.stop}: same data, same port, same URL. */
  start(): Promise<void>;
  /** Stops the server and deletes its folder. Safe to call twice. */
  dispose(): Promise<void>;
}

/** Options of {@link startThrowawayPostgres}. */
export interface StartThrowawayPostgresOptions {
  /** Where to look for `initdb` and `pg_ctl`; the machine's `PATH`, then Debian's folders, by default. */
  readonly binaries?: FindPostgresBinariesOptions;
}

const PORT_ATTEMPTS = 5;
const START_TIMEOUT_SECONDS = 60;

/**
 * Creates and starts a throwaway PostgreSQL server in a new temporary folder: listening on
 * 127.0.0.1 only, on a free port, with a generated superuser password (nothing secret lives in
 * the repository) and durability off (`fsync`, `synchronous_commit`, `full_page_writes`) for
 * speed. As root it runs as the `postgres` account, which the server requires. If the process
 * ends without {@link ThrowawayPostgres.dispose}, an exit hook and a detached watchdog stop the
 * server, and the watchdog deletes its folder.
 *
 * @example
 * const server = await startThrowawayPostgres();
 * try {
 *   // connect to server.url
 * } finally {
 *   await server.dispose();
 * }
 */
export async function startThrowawayPostgres(
  options: StartThrowawayPostgresOptions = {},
): Promise<ThrowawayPostgres> {
  const binaries = findPostgresBinaries(options.binaries);
  const account = serverAccount();
  const baseDir = await mkdtemp(join(temporaryRoot(account), "nucleo-postgres-"));
  const dataDir = join(baseDir, "data");
  const logFile = join(baseDir, "server.log");
  const password = randomBytes(24).toString("base64url");
  let stopWatching: (() => void) | undefined;
  try {
    await initialise({ binaries, account, baseDir, dataDir, password });
    stopWatching = cleanUpIfAbandoned(dataDir, baseDir);
    const port = await startOnFreePort({ binaries, account, baseDir, dataDir, logFile });
    return handle({ binaries, account, baseDir, dataDir, logFile, port, password, stopWatching });
  } catch (error) {
    stopWatching?.();
    await stopQuietly({ binaries, account, baseDir, dataDir });
    await rm(baseDir, { recursive: true, force: true });
    throw error;
  }
}

interface ServerPaths {
  readonly binaries: PostgresBinaries;
  readonly account: ServerAccount | undefined;
  readonly baseDir: string;
  readonly dataDir: string;
}

async function initialise(paths: ServerPaths & { readonly password: string }): Promise<void> {
  const { account, baseDir } = paths;
  if (account !== undefined) await chown(baseDir, account.uid, account.gid);
  // The password goes through a file, never the command line, where `ps` would show it.
  const passwordFile = join(baseDir, "password");
  await writeFile(passwordFile, `${paths.password}\n`, { mode: 0o600 });
  if (account !== undefined) await chown(passwordFile, account.uid, account.gid);
  try {
    await runCommand(
      paths.binaries.initdb,
      [
        "-D",
        paths.dataDir,
        "-U",
        "postgres",
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync",
        "--no-instructions",
      ],
      { account, cwd: baseDir },
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function startOnFreePort(paths: ServerPaths & { readonly logFile: string }): Promise<number> {
  const configFile = join(paths.dataDir, "postgresql.conf");
  const initialConfig = await readFile(configFile, "utf8");
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    await writeFile(configFile, initialConfig + settings(port));
    try {
      await pgCtlStart(paths, port);
      return port;
    } catch (error) {
      // Another process may take the port between our probe and the server's bind: try another.
      const log = await readFile(paths.logFile, "utf8").catch(() => "");
      if (attempt >= PORT_ATTEMPTS || !/could not bind|address already in use/i.test(log))
        throw error;
    }
  }
}

function settings(port: number): string {
  return [
    "",
    "# Written by @nucleo/tooling/postgres: a throwaway server for tests.",
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    // No Unix socket: Debian's default folder (/var/run/postgresql) may not exist or be writable.
    "unix_socket_directories = ''",
    "fsync = off",
    "synchronous_commit = off",
    "full_page_writes = off",
    // Test files run in parallel, each with a pool per test database.
    "max_connections = 200",
    "",
  ].join("\n");
}

async function pgCtlStart(
  paths: ServerPaths & { readonly logFile: string },
  port: number,
): Promise<void> {
  try {
    await runCommand(
      paths.binaries.pgCtl,
      [
        "-D",
        paths.dataDir,
        "-l",
        paths.logFile,
        "-w",
        "-t",
        String(START_TIMEOUT_SECONDS),
        "-s",
        "start",
      ],
      {
        account: paths.account,
        cwd: paths.baseDir,
      },
    );
  } catch (error) {
    const log = await readFile(paths.logFile, "utf8").catch(() => "(no server log)");
    throw new Error(
      `The throwaway PostgreSQL server did not start on 127.0.0.1:${port}. Server log:\n${tail(log)}`,
      { cause: error },
    );
  }
}

async function stopQuietly(paths: ServerPaths): Promise<void> {
  await runCommand(
    paths.binaries.pgCtl,
    ["-D", paths.dataDir, "-m", "immediate", "-w", "-s", "stop"],
    { account: paths.account, cwd: paths.baseDir },
  ).catch(() => {});
}

function handle(
  server: ServerPaths & {
    readonly logFile: string;
    readonly port: number;
    readonly password: string;
    readonly stopWatching: () => void;
  },
): ThrowawayPostgres {
  let running = true;
  let disposed = false;
  const stop = async (): Promise<void> => {
    if (!running) return;
    await runCommand(
      server.binaries.pgCtl,
      ["-D", server.dataDir, "-m", "fast", "-w", "-s", "stop"],
      { account: server.account, cwd: server.baseDir },
    );
    running = false;
  };
  return {
    url: `postgres://postgres:${server.password}@127.0.0.1:${server.port}/postgres`,
    port: server.port,
    dir: server.baseDir,
    stop,
    async start() {
      if (disposed)
        throw new Error("This throwaway PostgreSQL server was disposed of; start a new one.");
      if (running) return;
      await pgCtlStart(server, server.port);
      running = true;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await stop().catch(() => stopQuietly(server));
      running = false;
      server.stopWatching();
      await rm(server.baseDir, { recursive: true, force: true });
    },
  };
}
export { throwawayPostgresForTests } from "./server-for-tests.ts";
