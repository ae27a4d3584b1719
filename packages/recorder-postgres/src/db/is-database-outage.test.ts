import { describe, expect, it } from "vitest";
import { isDatabaseOutage, sqlStateOf } from "./is-database-outage.js";

const failure = (message: string, code?: string): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

describe("isDatabaseOutage", () => {
  it.each([
    ["a connection exception (class 08)", failure("connection failure", "08006")],
    ["a connection the server never let in (08001)", failure("could not connect", "08001")],
    ["the server shutting down (57P01)", failure("terminating connection due to administrator command", "57P01")],
    ["the server crashing (57P02)", failure("terminating connection due to crash of another server process", "57P02")],
    ["the server starting up (57P03)", failure("the database system is starting up", "57P03")],
    ["too many connections (53300)", failure("sorry, too many clients already", "53300")],
    ["a full disk (53100)", failure("could not extend file", "53100")],
    ["a deadlock (40P01)", failure("deadlock detected", "40P01")],
    ["a serialization failure (40001)", failure("could not serialize access", "40001")],
    ["a lock timeout (55P03)", failure("canceling statement due to lock timeout", "55P03")],
    ["a statement timeout (57014)", failure("canceling statement due to statement timeout", "57014")],
    ["a refused socket", failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset socket", failure("read ECONNRESET", "ECONNRESET")],
    ["a broken pipe", failure("write EPIPE", "EPIPE")],
    ["a name that does not resolve right now", failure("getaddrinfo EAI_AGAIN db", "EAI_AGAIN")],
    ["the driver's lost connection, without a code", failure("Connection terminated unexpectedly")],
    ["the pool's connect timeout, without a code", failure("timeout exceeded when trying to connect")],
    ["a client that lost its connection, without a code", failure("Client has encountered a connection error and is not queryable")],
    ["every address of a host refusing", new AggregateError([failure("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"), failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")])],
  ])("an outage is waited out: %s", (_what, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it.each([
    ["a revoked permission (42501)", failure("permission denied for table nucleo_jobs", "42501")],
    ["a dropped table (42P01)", failure('relation "nucleo_jobs" does not exist', "42P01")],
    ["a syntax error (42601)", failure('syntax error at or near "insret"', "42601")],
    ["a unique constraint (23505)", failure('duplicate key value violates unique constraint "nucleo_jobs_pkey"', "23505")],
    ["a value the column refuses (22P02)", failure("invalid input syntax for type integer", "22P02")],
    ["a database dropped under the connection (57P04)", failure("terminating connection because database was dropped", "57P04")],
    ["a configuration limit (53400)", failure("configuration limit exceeded", "53400")],
    ["a read-only server (25006)", failure("cannot execute INSERT in a read-only transaction", "25006")],
    ["PGlite closed under the recorder", failure("PGlite is closed")],
    ["the pool ended", failure("Cannot use a pool after calling end on the pool")],
    ["an error of our own", new TypeError("Cannot read properties of undefined")],
    ["a Node error that is not a socket's", failure("bad argument", "ERR_INVALID_ARG_TYPE")],
    ["something thrown that is not an error", "boom"],
  ])("a refusal fails at once: %s", (_what, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
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
