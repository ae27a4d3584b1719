import { afterEach, describe, expect, it, vi } from "vitest";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import { ScriptedTool } from "../test-support/jobs.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { errorFields } from "./error-fields.js";
import { silentLogger } from "./silent-logger.js";
import { stderrLogger } from "./stderr-logger.js";

const SECRET = "canary-Pa55word-7f3e";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the logger seam", () => {
  it("an error becomes secret-free fields: URL credentials and password-like values masked, one line, no stack", () => {
    const error = Object.assign(
      new Error(
        `could not connect to postgres://app:${SECRET}@db:5432/app (password=${SECRET}, api_key: ${SECRET})\n    at connect (pool.js:1)`,
      ),
      { code: "57P01" },
    );
    const fields = errorFields(error);
    expect(fields).toEqual({
      name: "Error",
      code: "57P01",
      message: "could not connect to postgres://***@db:5432/app (password=*** api_key: ***",
    });
    expect(JSON.stringify(errorFields(`token=${SECRET}`))).not.toContain(SECRET);
    expect(errorFields({ password: SECRET })).toEqual({ name: "object", message: "" });
    // A password holding an `@` is masked whole, up to the host.
    expect(errorFields(new Error("refused: postgres://app:p@ss@word@db:5432/app")).message).toBe(
      "refused: postgres://***@db:5432/app",
    );
  });

  it("a dispatcher's internal problem reaches its logger as structured fields, without the secret the error quotes", async () => {
    const logger = new RecordingLogger();
    class LeakyObserver {
      onEvent(): void {
        throw new Error(`the metrics sink at https://user:${SECRET}@metrics.example refused`);
      }
    }
    await new JobDispatcher({ observers: [new LeakyObserver()], logger }).submit(
      new ScriptedTool(() => 1),
      null,
    );
    expect(logger.entries[0]).toMatchObject({
      level: "error",
      message: "observer LeakyObserver threw",
      fields: {
        component: "dispatcher",
        observer: "LeakyObserver",
        event: "job.submitted",
        error: {
          name: "Error",
          message: "the metrics sink at https://***@metrics.example refused",
        },
      },
    });
    expect(logger.text()).not.toContain(SECRET);
  });

  it("a logger that throws does not fail the job", async () => {
    const throwing = {
      ...silentLogger,
      error: () => {
        throw new Error("logger down");
      },
    };
    const observer = {
      onEvent: () => {
        throw new Error("observer bug");
      },
    };
    await expect(
      new JobDispatcher({ observers: [observer], logger: throwing }).submit(
        new ScriptedTool(() => 2),
        null,
      ),
    ).resolves.toBe(2);
  });

  it("the default logger writes errors and warnings as one printable line on stderr, and drops info and debug", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    stderrLogger.warn({ entryId: "small" }, "The store failed\x1b[2J.");
    stderrLogger.error({}, "An observer threw.");
    stderrLogger.info({ entryId: "small" }, "not shown");
    stderrLogger.debug({}, "not shown");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    stderrLogger.warn(cyclic, "Cyclic.");
    expect(lines).toEqual([
      '[nucleo] warn: The store failed. {"entryId":"small"}\n',
      "[nucleo] error: An observer threw.\n",
      "[nucleo] warn: Cyclic. (fields not shown: not JSON)\n",
    ]);
  });
});
