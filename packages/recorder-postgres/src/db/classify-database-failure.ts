// Which database failures are worth waiting out. The test of each code is whether the very same
// statement may succeed later without anyone changing the schema, the grants or the data: then
// the failure is an outage and the writer retries it; otherwise the database refused, and it
// would refuse again, so retrying only hides the problem (and holds the run back for ever).
//
// Some failures pass that test only for a smaller statement: a timeout the batch always
// exceeds, a message or an array past a server limit. Those are retried like an outage, and
// the writer halves a batch that keeps failing, but they are told apart (kind "limit") because
// a single event that keeps failing so will fail so for ever: the writer then refuses it.

/** How a failed write is treated: see {@link classifyDatabaseFailure}. @internal */
export type DatabaseFailureKind = "outage" | "limit" | "refusal";

/** SQLSTATE classes that are outages. */
const OUTAGE_CLASSES = new Set([
  // Connection exception: the connection failed or was lost (but 08P01, below).
  "08",
]);
const OUTAGE_STATES = new Set([
  // Operator intervention: the server is shutting down, crashed, is starting, or ended an idle session.
  "57P01",
  "57P02",
  "57P03",
  "57P05",
  // The server ended a session idle inside a transaction (the loop stalled between a batch's
  // statements): the next attempt runs on a new connection.
  "25P03",
  // A read-only transaction: the old primary of a failover, until the pool connects to the new one.
  "25006",
  // Insufficient resources: the server out of something all its sessions share — too many
  // connections, a full disk. 53400 (configuration_limit_exceeded) is a setting, and is not here;
  // 53200 (out of memory) may be the statement's own size, and is a limit.
  "53000",
  "53100",
  "53300",
  // Transaction rollback: a serialization failure, a deadlock, a commit whose outcome the server
  // could not tell (the writes are idempotent, so writing again is safe); a new attempt resolves them.
  "40001",
  "40P01",
  "40003",
  // A lock not granted within lock_timeout.
  "55P03",
  // System error: the operating system failed the server (58000), or an I/O error (58030). Not
  // 58P01 and 58P02: a file missing or already there stays so until someone acts.
  "58000",
  "58030",
  // A snapshot too old (old_snapshot_threshold): the next transaction takes a new one.
  "72000",
]);

/** Failures that a smaller statement may get past, but the same one would meet again. */
const LIMIT_CLASSES = new Set([
  // Program limit exceeded: a statement, an array or a string past what the server handles.
  "54",
]);
const LIMIT_STATES = new Set([
  // A statement cancelled: by statement_timeout (which a large batch may always exceed), or by an operator.
  "57014",
  // transaction_timeout (PostgreSQL 17), which a large batch may always exceed.
  "25P04",
  // A protocol violation: a message past the server's size limit.
  "08P01",
  // Out of memory: the statement needed more than the server could give it.
  "53200",
]);

/**
 * Node's socket and name-lookup errors: the server is away or cannot be found right now — the
 * name does not resolve (yet), the network or the host is unreachable, no local address or port
 * is free, the connection timed out, was refused, reset or broken.
 */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EADDRNOTAVAIL",
]);

/**
 * Socket errors that are outages only when connecting: PostgreSQL removes its Unix socket when it
 * stops (`connect ENOENT /var/run/postgresql/.s.PGSQL.5432`), so a missing socket file is a
 * server that is down. The same code from anything else (a file PGlite cannot find) is not.
 */
const CONNECT_CODES = new Set(["ENOENT"]);

/** The `pg` driver's and its pool's own messages, which carry no code, for a connection lost or never made. */
const DRIVER_CONNECTION_MESSAGE =
  /^(?:Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/** The `pg` driver's client-side statement timeout (`query_timeout`), which a large batch may always exceed. */
const DRIVER_LIMIT_MESSAGE = /^Query read timeout/;

/** SQLSTATE classes: two digits, or F0, HV, P0, XX. Node's codes (`EPIPE`) never start like that. */
const SQLSTATE = /^(?:\d[\dA-Z]|F0|HV|P0|XX)[\dA-Z]{3}$/;

/**
 * The SQLSTATE of an error the server (or PGlite) answered with (`42501`, `3D000`), else
 * `undefined`: a driver or socket error carries none.
 *
 * @internal
 */
export function sqlStateOf(error: unknown): string | undefined {
  const code = codeOf(error);
  return code !== undefined && SQLSTATE.test(code) ? code : undefined;
}

/**
 * How the writer treats a database error:
 *
 * - `"outage"`: the server away, restarting, shutting down or failing over (SQLSTATE class 08
 *   but 08P01, 57P01–57P03, 57P05, a read-only transaction 25006, a session ended idle in a
 *   transaction 25P03), out of connections or disk (53000, 53100, 53300), a serialization
 *   failure, deadlock or unknown commit outcome (40001, 40P01, 40003), a lock timeout (55P03),
 *   an operating-system or I/O error (58000, 58030), a snapshot too old (72000); or, without a
 *   SQLSTATE, a socket error (`ECONNREFUSED`, `ECONNRESET`, `EPIPE`, `ETIMEDOUT`,
 *   `EHOSTUNREACH`, `ENETUNREACH`, `ENOTFOUND`, `EAI_AGAIN`, `EADDRNOTAVAIL`, `ENOENT` on
 *   connect, ...) or the `pg` driver's "Connection terminated" family. Waited out, however long.
 * - `"limit"`: the statement ran into a limit that a smaller one may not — a statement or
 *   transaction timeout (57014, 25P04, the driver's "Query read timeout"), a message past the
 *   server's size limit (08P01), a program limit (class 54), out of memory (53200). Retried,
 *   the batch halved while it keeps failing; a single event that keeps failing so is refused.
 * - `"refusal"`: everything else — a syntax error, a missing table, a revoked permission, a
 *   constraint, a value the column refuses, a file the server cannot find (58P01), PGlite
 *   closed under the recorder (PGlite runs in this process: it has no connection to lose, so it
 *   has no outage of its own), an error of our own. It would recur: not retried.
 *
 * @example
 * classifyDatabaseFailure(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })); // "outage"
 * classifyDatabaseFailure(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }));         // "limit"
 * classifyDatabaseFailure(Object.assign(new Error("permission denied for table nucleo_jobs"), { code: "42501" }));             // "refusal"
 *
 * @internal
 */
export function classifyDatabaseFailure(error: unknown): DatabaseFailureKind {
  // Connecting to a name with several addresses fails with an AggregateError of socket errors.
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.every((inner: unknown) => classifyDatabaseFailure(inner) === "outage")
      ? "outage"
      : "refusal";
  }
  const state = sqlStateOf(error);
  if (state !== undefined) {
    if (LIMIT_STATES.has(state) || LIMIT_CLASSES.has(state.slice(0, 2))) return "limit";
    return OUTAGE_STATES.has(state) || OUTAGE_CLASSES.has(state.slice(0, 2)) ? "outage" : "refusal";
  }
  const code = codeOf(error);
  if (code !== undefined) {
    if (SOCKET_CODES.has(code)) return "outage";
    return CONNECT_CODES.has(code) && isConnect(error) ? "outage" : "refusal";
  }
  if (!(error instanceof Error)) return "refusal";
  if (DRIVER_CONNECTION_MESSAGE.test(error.message)) return "outage";
  return DRIVER_LIMIT_MESSAGE.test(error.message) ? "limit" : "refusal";
}

function codeOf(error: unknown): string | undefined {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** A Node socket error raised while connecting (`syscall: "connect"`, `connect ENOENT …`). */
function isConnect(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown }).syscall;
  return syscall === "connect" || (error instanceof Error && error.message.startsWith("connect "));
}
