// Which database failures are worth waiting out. The test of each code is whether the very same
// statement may succeed later without anyone changing the schema, the grants or the data: then
// the failure is an outage and the writer retries it; otherwise the database refused, and it
// would refuse again, so retrying only hides the problem (and holds the run back for ever).

/** SQLSTATEs and classes that are outages. */
const OUTAGE_CLASSES = new Set([
  // Connection exception: the connection failed or was lost.
  "08",
]);
const OUTAGE_STATES = new Set([
  // Operator intervention: the server is shutting down, crashed, is starting, or ended an idle session.
  "57P01", "57P02", "57P03", "57P05",
  // A statement cancelled (statement_timeout on a busy server, or an operator's cancel): the rows are sound.
  "57014",
  // Insufficient resources: too many connections, disk full, out of memory. 53400
  // (configuration_limit_exceeded) is a setting, and is not here.
  "53000", "53100", "53200", "53300",
  // Transaction rollback: a serialization failure or a deadlock, which a new attempt resolves.
  "40001", "40P01",
  // A lock not granted within lock_timeout.
  "55P03",
]);

/** Node's socket and name-lookup errors: the server is away or cannot be found right now. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "EHOSTDOWN", "ENETUNREACH", "ENETDOWN", "ENOTFOUND", "EAI_AGAIN"]);

/** The `pg` driver's and its pool's own messages, which carry no code, for a connection lost or never made. */
const DRIVER_CONNECTION_MESSAGE =
  /^(?:Connection terminated|timeout expired|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

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
 * True when a database error is an outage the same statement may get past later: the server
 * away, restarting or shutting down (SQLSTATE class 08, 57P01–57P03, 57P05), out of connections
 * or room (class 53 but 53400), a statement cancelled (57014), a serialization failure or
 * deadlock (40001, 40P01), a lock timeout (55P03); or, without a SQLSTATE, a socket error
 * (`ECONNREFUSED`, `ECONNRESET`, ...) or the `pg` driver's own "Connection terminated" family.
 * Everything else — a syntax error, a missing table, a revoked permission, a constraint, a
 * value the column refuses, PGlite closed under the recorder (PGlite runs in this process: it
 * has no connection to lose, so it has no outage of its own), an error of our own — is a
 * refusal that would recur.
 *
 * @example
 * isDatabaseOutage(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })); // true
 * isDatabaseOutage(Object.assign(new Error("permission denied for table nucleo_jobs"), { code: "42501" }));             // false
 *
 * @internal
 */
export function isDatabaseOutage(error: unknown): boolean {
  // Connecting to a name with several addresses fails with an AggregateError of socket errors.
  if (error instanceof AggregateError && error.errors.length > 0 && error.errors.every((inner: unknown) => isDatabaseOutage(inner))) return true;
  const state = sqlStateOf(error);
  if (state !== undefined) return OUTAGE_STATES.has(state) || OUTAGE_CLASSES.has(state.slice(0, 2));
  const code = codeOf(error);
  if (code !== undefined) return SOCKET_CODES.has(code);
  return error instanceof Error && DRIVER_CONNECTION_MESSAGE.test(error.message);
}

function codeOf(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && code !== "" ? code : undefined;
}
