import { inspect } from "node:util";
import { Kysely, PostgresDialect } from "kysely";
import { Pool } from "pg";
import type { RecorderDatabase } from "../schema/database.js";
import { sqlStateOf } from "./classify-database-failure.js";
import { maskDatabaseUrl, passwordOf } from "./mask-database-url.js";
import { closeOnce, type RecorderConnection } from "./recorder-connection.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";
import { pgTypeOverrides } from "./type-parsers.js";

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens a `pg` pool on a PostgreSQL server and checks, with one connection, that the server
 * answers and takes the credentials, so a wrong URL fails here and not at the first write.
 *
 * @internal
 */
export async function openPostgres(url: string): Promise<RecorderConnection> {
  const masked = maskDatabaseUrl(url);
  checkUrl(url, masked);
  const pool = new Pool({
    connectionString: url,
    types: pgTypeOverrides(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client whose server went away (a restart) is dropped by the pool and the next
  // query connects afresh; without a listener the event would end the process.
  pool.on("error", () => {});
  // A connection in use when the server goes away throws on the client, not the pool: without
  // a listener that error would end the process (the writer retries the failed transaction).
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const secrets = [url, passwordOf(url)].filter(
      (secret): secret is string => secret !== undefined,
    );
    const detail = scrub(describe(error), secrets);
    // The driver's own error stays on `cause` unless it quotes a secret somewhere.
    const cause = secrets.some((secret) => inspect(error, { depth: 4 }).includes(secret))
      ? new Error(detail)
      : error;
    // A SQLSTATE means the server answered: it is there, and said what is wrong.
    const sqlState = sqlStateOf(error);
    if (sqlState !== undefined) {
      throw new RecorderDatabaseError({
        code: "recorder_database_refused",
        url: masked,
        sqlState,
        message: `The PostgreSQL server at ${masked} refused the recorder's connection: ${detail} (SQLSTATE ${sqlState}).`,
        cause,
      });
    }
    throw new RecorderDatabaseError({
      code: "recorder_database_unreachable",
      url: masked,
      message: `Cannot reach the recorder database at ${masked}: ${detail}`,
      cause,
    });
  }
  const db = new Kysely<RecorderDatabase>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends the pool only once a query has made its driver; a connection closed before any
  // query (a console stopped unused) would otherwise keep the check's client open until the
  // pool's idle timeout, and the process with it.
  const close = async () => {
    await db.destroy();
    if (!pool.ending) await pool.end();
  };
  return { db, kind: "postgres", close: closeOnce(close) };
}

function checkUrl(url: string, masked: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Node's own URL error keeps the whole input, password included: it is not passed on.
    throw new RecorderDatabaseError({
      code: "recorder_database_options",
      url: masked,
      message: `The recorder database URL ${masked} is not a valid URL; expected postgres://user:password@host:port/database.`,
    });
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:") {
    throw new RecorderDatabaseError({
      code: "recorder_database_options",
      url: masked,
      message: `The recorder database URL ${masked} must start with postgres:// or postgresql://, not ${protocol}//.`,
    });
  }
  if (!/^postgres(?:ql)?:\/\//i.test(url)) {
    // `postgres:user:pass@host/db` parses as a URL with no host, and the driver would quietly
    // connect to localhost instead.
    throw new RecorderDatabaseError({
      code: "recorder_database_options",
      url: masked,
      message: `The recorder database URL ${masked} must have the form postgres://user:password@host:port/database.`,
    });
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  // Connecting to a name with several addresses fails with an AggregateError and no message.
  const inner =
    error instanceof AggregateError
      ? error.errors.map((item: unknown) => (item instanceof Error ? item.message : String(item)))
      : [];
  const message = [error.message, ...inner].filter((part) => part !== "").join("; ") || error.name;
  return code === undefined || message.includes(code) || sqlStateOf(error) !== undefined
    ? message
    : `${message} (${code})`;
}

function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join("***"), text);
}
