import { Writable } from "node:stream";
import { errorFields, type Logger } from "@nucleo/core";
import type pino from "pino";
import { describe, expect, expectTypeOf, it } from "vitest";
import { WorkerError } from "../worker-error.js";
import { createWorkerLogger } from "./create-worker-logger.js";
import { resolveLogLevel } from "./resolve-log-level.js";

const SECRET = "canary-Pa55word-7f3e";

/** A stream that keeps what is written, a terminal or not. */
function captured(isTTY: boolean): {
  readonly stream: Writable & { isTTY: boolean };
  readonly text: () => string;
} {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join("") };
}

describe("the worker's logger", () => {
  it("a pino logger is a core Logger as it is", () => {
    // A compile-time check: the package's typecheck fails if pino's shape stops fitting.
    expectTypeOf<ReturnType<typeof pino>>().toExtend<Logger>();
  });

  it("writes one JSON object per line when stderr is not a terminal, with the level by name, the message and the fields", () => {
    const out = captured(false);
    const logger = createWorkerLogger({ stream: out.stream, env: {} });
    logger.warn(
      { component: "catalog-admission", entryId: "openai-gpt-5-nano" },
      "The shared budget store failed to book.",
    );
    logger.info({ component: "worker" }, "started");
    const lines = out.text().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({
      level: "warn",
      name: "nucleo-worker",
      msg: "The shared budget store failed to book.",
      component: "catalog-admission",
      entryId: "openai-gpt-5-nano",
    });
    expect(typeof first.time).toBe("number");
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: "info", msg: "started" });
  });

  it("writes readable lines, not JSON, when stderr is a terminal", () => {
    const out = captured(true);
    createWorkerLogger({ stream: out.stream, env: {} }).warn(
      { entryId: "openai-gpt-5-nano" },
      "The shared budget store failed to book.",
    );
    expect(out.text()).toContain("The shared budget store failed to book.");
    expect(out.text()).toMatch(/WARN/);
    expect(() => JSON.parse(out.text())).toThrow();
  });

  it("takes its level from the config, and NUCLEO_LOG_LEVEL over it", () => {
    const quiet = captured(false);
    createWorkerLogger({ stream: quiet.stream, level: "warn", env: {} }).info({}, "not shown");
    expect(quiet.text()).toBe("");
    const loud = captured(false);
    createWorkerLogger({
      stream: loud.stream,
      level: "warn",
      env: { NUCLEO_LOG_LEVEL: "debug" },
    }).debug({}, "shown");
    expect(loud.text()).toContain('"msg":"shown"');
    expect(resolveLogLevel({ env: {} })).toBe("info");
  });

  it("a NUCLEO_LOG_LEVEL that names no level is refused naming the variable", () => {
    let caught: unknown;
    try {
      createWorkerLogger({ env: { NUCLEO_LOG_LEVEL: "verbose" } });
    } catch (error) {
      caught = error;
    }
    expect(WorkerError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: "config_invalid", field: "NUCLEO_LOG_LEVEL" });
    expect((caught as Error).message).toMatch(
      /^Environment variable NUCLEO_LOG_LEVEL: expected one of "fatal", .*got "verbose"\.$/,
    );
  });

  it("no secret reaches a logged line: errors go in as errorFields, and secret-named fields are redacted", () => {
    const out = captured(false);
    const logger = createWorkerLogger({ stream: out.stream, env: {} });
    const error = new Error(
      `could not connect to postgres://app:${SECRET}@db:5432/nucleo (password=${SECRET})`,
    );
    logger.error(
      { component: "recorder", error: errorFields(error) },
      "The recorder's database is away.",
    );
    logger.warn(
      { password: SECRET, request: { apiKey: SECRET, authorization: `Bearer ${SECRET}` } },
      "A field that should not exist.",
    );
    expect(out.text().trimEnd().split("\n")).toHaveLength(2);
    expect(out.text()).not.toContain(SECRET);
    expect(JSON.parse(out.text().split("\n")[1]!)).toMatchObject({
      password: "***",
      request: { apiKey: "***", authorization: "***" },
    });
  });
});
