import { existsSync } from "node:fs";
import { LLMReadableError } from "@nucleo/core";
import { openRecorderDatabase, type OpenRecorderDatabaseOptions } from "../db/open-recorder-database.js";
import type { RecorderConnection } from "../db/recorder-connection.js";
import { maskDatabaseUrl } from "../db/mask-database-url.js";
import { RecorderDatabaseError } from "../db/recorder-database-error.js";
import { migrateToLatest } from "../migrations/migrate.js";
import { RecorderQueries } from "../queries/recorder-queries.js";
import { USAGE } from "./cli-usage.js";
import { resolveDatabaseTarget, scrubPassword, type DatabaseTarget } from "./database-target.js";
import { formatBenchmark, formatBenchmarks, formatLedger, formatSizing, formatTrajectory } from "./format-answers.js";
import { parseRecorderArgs, type RecorderCommand } from "./parse-recorder-args.js";
import { cellText } from "./terminal-text.js";

/** Something the command writes text to. */
export interface CliOutput {
  write(text: string): unknown;
}

/** The command's surroundings, injected so a test runs it in-process. */
export interface RecorderCliIo {
  /** Answers: tables, or JSON with `--json`. */
  readonly stdout: CliOutput;
  /** Usage and errors. */
  readonly stderr: CliOutput;
  /** Where `DATABASE_URL` is read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** What `--data-dir` and the default PGlite folder are resolved against. */
  readonly cwd: string;
  /** Opens the database; `openRecorderDatabase` unless a test hands in its own. */
  readonly openDatabase?: (options: OpenRecorderDatabaseOptions) => Promise<RecorderConnection>;
}

/** Exit statuses: answered; the query or the database failed; bad usage. */
export const EXIT_CODES = { ok: 0, failed: 1, usage: 2 } as const;

const PREFIX = "nucleo-recorder: ";

/**
 * `nucleo-recorder [--url URL | --data-dir DIR] <command> ...`: opens the recorder's database
 * (see {@link USAGE} for which), runs one command, prints its answer as a table (or JSON) and
 * resolves to the exit status ({@link EXIT_CODES}). Nothing it prints carries the database
 * password: URLs are shown masked, and the password is scrubbed from every error message (a
 * driver may quote a connection string). Answers are recorded data, printed as they are.
 *
 * @example
 * process.exitCode = await runRecorderCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
 */
export async function runRecorderCli(argv: readonly string[], io: RecorderCliIo): Promise<number> {
  const request = parseRecorderArgs(argv);
  if (request.kind === "help") {
    io.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  if (request.kind === "usage-error") {
    io.stderr.write(`${PREFIX}${cellText(maskUrlsIn(request.message))}\n\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  const target = resolveDatabaseTarget(request.database, io.env, io.cwd);
  const fail = (message: string, code: number): number => {
    io.stderr.write(`${PREFIX}${cellText(scrubPassword(message, target))}\n`);
    return code;
  };
  const { command } = request;
  if (target.kind === "pglite" && command.name !== "migrate" && !existsSync(target.dataDir)) {
    return target.source === "--data-dir"
      ? fail(`--data-dir: no recorder database at ${target.dataDir} (nucleo-recorder --data-dir ${target.dataDir} migrate creates one)`, EXIT_CODES.usage)
      : fail(
          `no recorder database given and none at the default ${target.dataDir}: pass --url, --data-dir or DATABASE_URL, or create it with nucleo-recorder migrate`,
          EXIT_CODES.failed,
        );
  }
  let connection: RecorderConnection;
  try {
    const open = io.openDatabase ?? openRecorderDatabase;
    connection = await open({ ...(target.kind === "postgres" ? { url: target.url } : { dataDir: target.dataDir }), migrate: false });
  } catch (error) {
    if (RecorderDatabaseError.isInstance(error) && error.code === "recorder_database_options") return fail(`${target.source}: ${error.message}`, EXIT_CODES.usage);
    return fail(describe(error), EXIT_CODES.failed);
  }
  try {
    const answer = await runCommand(command, connection, target, request.json);
    io.stdout.write(`${answer}\n`);
    return EXIT_CODES.ok;
  } catch (error) {
    return fail(describe(error), EXIT_CODES.failed);
  } finally {
    await connection.close().catch(() => {});
  }
}

async function runCommand(command: RecorderCommand, connection: RecorderConnection, target: DatabaseTarget, json: boolean): Promise<string> {
  const queries = new RecorderQueries(connection.db);
  const show = <TAnswer>(answer: TAnswer, format: (answer: TAnswer) => string) => (json ? JSON.stringify(answer, null, 2) : format(answer));
  switch (command.name) {
    case "migrate": {
      const { applied } = await migrateToLatest(connection.db);
      if (json) return JSON.stringify({ database: target.shown, applied }, null, 2);
      return applied.length === 0 ? `${target.shown} is up to date: no migration to apply.` : `Migrated ${target.shown}: applied ${applied.join(", ")}.`;
    }
    case "trajectory":
      return show(await queries.trajectory(command.rootId), formatTrajectory);
    case "ledger": {
      const { by, rootId, from, to, currency } = command;
      const rows = await queries.costLedger({ by, ...(rootId === undefined ? {} : { rootId }), ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }), ...(currency === undefined ? {} : { currency }) });
      return show(rows, (answer) => formatLedger(answer, by));
    }
    case "sizing":
      return show(await queries.seatSizing(command.jobClass === undefined ? {} : { jobClass: command.jobClass }), (rows) => formatSizing(rows, command.jobClass));
    case "benchmarks":
      return show(await queries.benchmarkReports(command.rootId === undefined ? {} : { rootId: command.rootId }), formatBenchmarks);
    case "benchmark":
      return show(await queries.benchmarkReport(command.jobId), formatBenchmark);
  }
}

function describe(error: unknown): string {
  if (LLMReadableError.isInstance(error)) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

// A usage error may quote what was typed: a URL typed in the wrong place still loses its password.
function maskUrlsIn(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"]+/gi, (url) => maskDatabaseUrl(url));
}
