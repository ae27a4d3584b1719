import { describe, expect, it } from "vitest";
import { classifyDatabaseFailure, sqlStateOf } from "./classify-database-failure.js";

const failure = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });
/** A Node socket error as `net` raises it while connecting. */
const connecting = (code: string, address: string): Error =>
  Object.assign(new Error(`connect ${code} ${address}`), { code, syscall: "connect", address });

describe("outage or refusal", () => {
  it.each([
    ["a connection exception (class 08)", failure("connection failure", "08006")],
    ["a connection the server never let in (08001)", failure("could not connect", "08001")],
    [
      "the server shutting down (57P01)",
      failure("terminating connection due to administrator command", "57P01"),
    ],
    [
      "the server crashing (57P02)",
      failure("terminating connection due to crash of another server process", "57P02"),
    ],
    ["the server starting up (57P03)", failure("the database system is starting up", "57P03")],
    ["too many connections (53300)", failure("sorry, too many clients already", "53300")],
    ["a full disk (53100)", failure("could not extend file", "53100")],
    ["a deadlock (40P01)", failure("deadlock detected", "40P01")],
    ["a serialization failure (40001)", failure("could not serialize access", "40001")],
    ["a lock timeout (55P03)", failure("canceling statement due to lock timeout", "55P03")],
    [
      "the old primary of a failover, read-only until the pool reconnects (25006)",
      failure("cannot execute INSERT in a read-only transaction", "25006"),
    ],
    [
      "a session the server ended while idle in a transaction (25P03)",
      failure("terminating connection due to idle-in-transaction timeout", "25P03"),
    ],
    [
      "an idle session the server ended (57P05)",
      failure("terminating connection due to idle-session timeout", "57P05"),
    ],
    [
      "an I/O error on the server (58030)",
      failure("could not read block 0 in file: Input/output error", "58030"),
    ],
    [
      "an operating-system error on the server (58000)",
      failure("could not fork new process for connection", "58000"),
    ],
    [
      "a commit whose outcome the server could not tell (40003)",
      failure("statement completion unknown", "40003"),
    ],
    [
      "the server's Unix socket gone while it is stopped (ENOENT on connect)",
      connecting("ENOENT", "/var/run/postgresql/.s.PGSQL.5432"),
    ],
    [
      "no local address free to connect from (EADDRNOTAVAIL)",
      connecting("EADDRNOTAVAIL", "10.0.0.5:5432"),
    ],
    ["a connection that timed out (ETIMEDOUT)", connecting("ETIMEDOUT", "10.0.0.5:5432")],
    ["an unreachable host (EHOSTUNREACH)", connecting("EHOSTUNREACH", "10.0.0.5:5432")],
    ["an unreachable network (ENETUNREACH)", connecting("ENETUNREACH", "10.0.0.5:5432")],
    ["a refused socket", failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset socket", failure("read ECONNRESET", "ECONNRESET")],
    ["a broken pipe", failure("write EPIPE", "EPIPE")],
    ["a name that does not resolve right now", failure("getaddrinfo EAI_AGAIN db", "EAI_AGAIN")],
    ["the driver's lost connection, without a code", failure("Connection terminated unexpectedly")],
    [
      "the pool's connect timeout, without a code",
      failure("timeout exceeded when trying to connect"),
    ],
    [
      "a client that lost its connection, without a code",
      failure("Client has encountered a connection error and is not queryable"),
    ],
    [
      "every address of a host refusing",
      new AggregateError([
        failure("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
        failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      ]),
    ],
  ])("an outage is waited out: %s", (_what, error) => {
    expect(classifyDatabaseFailure(error)).toBe("outage");
  });

  it.each([
    ["a revoked permission (42501)", failure("permission denied for table nucleo_jobs", "42501")],
    ["a dropped table (42P01)", failure('relation "nucleo_jobs" does not exist', "42P01")],
    ["a syntax error (42601)", failure('syntax error at or near "insret"', "42601")],
    [
      "a unique constraint (23505)",
      failure('duplicate key value violates unique constraint "nucleo_jobs_pkey"', "23505"),
    ],
    [
      "a value the column refuses (22P02)",
      failure("invalid input syntax for type integer", "22P02"),
    ],
    [
      "a database dropped under the connection (57P04)",
      failure("terminating connection because database was dropped", "57P04"),
    ],
    ["a configuration limit (53400)", failure("configuration limit exceeded", "53400")],
    [
      "a file the server cannot find (58P01)",
      failure('could not open file "base/16384/16385": No such file or directory', "58P01"),
    ],
    [
      "a deferred constraint failing at commit (40002)",
      failure("transaction integrity constraint violation", "40002"),
    ],
    [
      "a file missing when not connecting (ENOENT)",
      Object.assign(
        new Error("ENOENT: no such file or directory, open '/data/pglite/PG_VERSION'"),
        { code: "ENOENT", syscall: "open" },
      ),
    ],
    [
      "a refusal among the addresses of a host",
      new AggregateError([
        failure("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
        failure("permission denied", "42501"),
      ]),
    ],
    ["PGlite closed under the recorder", failure("PGlite is closed")],
    ["the pool ended", failure("Cannot use a pool after calling end on the pool")],
    ["an error of our own", new TypeError("Cannot read properties of undefined")],
    ["a Node error that is not a socket's", failure("bad argument", "ERR_INVALID_ARG_TYPE")],
    ["something thrown that is not an error", "boom"],
  ])("a refusal fails at once: %s", (_what, error) => {
    expect(classifyDatabaseFailure(error)).toBe("refusal");
  });
});

describe("classifyDatabaseFailure", () => {
  it.each([
    [
      "a statement timeout a large batch always exceeds (57014)",
      failure("canceling statement due to statement timeout", "57014"),
    ],
    [
      "a transaction timeout a large batch always exceeds (25P04)",
      failure("canceling statement due to transaction timeout", "25P04"),
    ],
    ["the driver's own statement timeout, without a code", failure("Query read timeout")],
    ["a message past the server's size limit (08P01)", failure("invalid message length", "08P01")],
    ["a program limit (54000)", failure("out of memory: Cannot enlarge string buffer", "54000")],
    ["a statement too complex (54001)", failure("stack depth limit exceeded", "54001")],
    ["out of memory for the statement (53200)", failure("out of memory", "53200")],
  ])(
    "a limit a smaller batch may get past is retried, but told apart from an outage: %s",
    (_what, error) => {
      expect(classifyDatabaseFailure(error)).toBe("limit");
    },
  );

  it("a server that is away is an outage, not a limit: a stopped server is waited out however long it takes", () => {
    for (const error of [
      connecting("ECONNREFUSED", "127.0.0.1:5432"),
      connecting("ENOENT", "/tmp/.s.PGSQL.5432"),
      failure("terminating connection due to administrator command", "57P01"),
      failure("terminating connection due to crash of another server process", "57P02"),
      failure("read ECONNRESET", "ECONNRESET"),
      failure("Connection terminated unexpectedly"),
    ]) {
      expect([error.message, classifyDatabaseFailure(error)]).toEqual([error.message, "outage"]);
    }
    expect(
      classifyDatabaseFailure(failure("permission denied for table nucleo_jobs", "42501")),
    ).toBe("refusal");
  });
});

describe("sqlStateOf", () => {
  it("reads a SQLSTATE the server answered with, and no driver or socket code", () => {
    expect(sqlStateOf(failure("x", "3D000"))).toBe("3D000");
    expect(sqlStateOf(failure("x", "XX000"))).toBe("XX000");
    expect(sqlStateOf(failure("x", "EPIPE"))).toBeUndefined();
    expect(sqlStateOf(failure("x", "ECONNREFUSED"))).toBeUndefined();
    expect(sqlStateOf(failure("x"))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
  });
});
