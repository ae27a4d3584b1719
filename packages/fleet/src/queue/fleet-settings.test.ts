import { silentLogger } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { findFreePort } from "@nucleo/tooling/postgres";
import { openFleetQueue } from "./fleet-queue.js";
import { FLEET_DEFAULTS, resolveFleetSettings } from "./fleet-settings.js";

function refusal(run: () => unknown): FleetError {
  try {
    run();
  } catch (error) {
    if (FleetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a FleetError");
}

describe("the queue's settings", () => {
  it("default to a takeover well within a minute: heartbeat 30 s, sweeps every 5 s, no retry delay", () => {
    const settings = resolveFleetSettings();
    expect(settings).toMatchObject({
      schema: "nucleo_queue",
      queue: "nucleo.workflows",
      deadLetterQueue: "nucleo.workflows.dead",
      heartbeatSeconds: 30,
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
      retryLimit: 5,
      retryDelaySeconds: 0,
      useListenNotify: true,
      presenceIntervalSeconds: 10,
    });
    const { heartbeatSeconds, monitorIntervalSeconds, superviseIntervalSeconds } = settings;
    // Lost heartbeat + one sweep + a retry delay + an idle worker's notify poll (2 s): under 60 s.
    expect(
      heartbeatSeconds +
        Math.max(monitorIntervalSeconds, superviseIntervalSeconds) +
        settings.retryDelaySeconds +
        2,
    ).toBeLessThan(60);
    expect(settings.expireInSeconds).toBe(FLEET_DEFAULTS.expireInSeconds);
  });

  it("a bad setting is refused with an error naming the field", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { heartbeatSeconds: 5 },
        "heartbeatSeconds",
        "heartbeatSeconds must be an integer ≥ 10, got 5",
      ],
      [
        { heartbeatSeconds: 10.5 },
        "heartbeatSeconds",
        "heartbeatSeconds must be an integer ≥ 10, got 10.5",
      ],
      [
        { superviseIntervalSeconds: 0 },
        "superviseIntervalSeconds",
        "superviseIntervalSeconds must be an integer ≥ 1, got 0",
      ],
      [
        { monitorIntervalSeconds: "5" },
        "monitorIntervalSeconds",
        'monitorIntervalSeconds must be an integer ≥ 1, got "5"',
      ],
      [{ retryLimit: -1 }, "retryLimit", "retryLimit must be an integer ≥ 0, got -1"],
      [
        { expireInSeconds: 90_000 },
        "expireInSeconds",
        "expireInSeconds must be an integer from 1 to 86400, got 90000",
      ],
      [
        { cronMonitorIntervalSeconds: 60 },
        "cronMonitorIntervalSeconds",
        "cronMonitorIntervalSeconds must be an integer from 1 to 45, got 60",
      ],
      [
        { schema: "Nucleo-Queue" },
        "schema",
        'schema must be a lower-case SQL name of at most 50 characters (a-z, 0-9, _), got "Nucleo-Queue"',
      ],
      [
        { queue: "work flows" },
        "queue",
        'queue must be letters, digits, _ . - or /, got "work flows"',
      ],
      [
        { queue: "q", deadLetterQueue: "q" },
        "deadLetterQueue",
        "deadLetterQueue must differ from queue (q)",
      ],
      [
        { useListenNotify: "yes" },
        "useListenNotify",
        'useListenNotify must be true or false, got "yes"',
      ],
      [{ poolMax: 1 }, "poolMax", "poolMax must be an integer ≥ 2, got 1"],
      [
        { presenceIntervalSeconds: 0 },
        "presenceIntervalSeconds",
        "presenceIntervalSeconds must be an integer from 1 to 3600, got 0",
      ],
    ];
    for (const [input, field, message] of cases) {
      const error = refusal(() => resolveFleetSettings(input));
      expect({ code: error.code, field: error.field, message: error.message }).toEqual({
        code: "invalid_option",
        field,
        message,
      });
    }
  });
});

describe("opening a queue", () => {
  it("refuses a database option that is neither a URL nor a PGlite instance", async () => {
    for (const database of [
      undefined,
      {},
      { url: "" },
      { pglite: null },
      { url: "postgres://x", pglite: {} },
    ])
      await expect(openFleetQueue({ database: database as never })).rejects.toMatchObject({
        code: "invalid_option",
        field: "database",
      });
  });

  it("an unreachable server is a database_unavailable error that masks the password", async () => {
    const port = await findFreePort();
    const logged: string[] = [];
    const logger = {
      ...silentLogger,
      error: (fields: object, message: string) =>
        void logged.push(message + JSON.stringify(fields)),
    };
    const error = await openFleetQueue({
      database: { url: `postgres://app:hunter2@127.0.0.1:${port}/nucleo?password=hunter2` },
      logger,
    }).catch((caught: unknown) => caught);
    expect(FleetError.isInstance(error) && error.code).toBe("database_unavailable");
    expect((error as Error).message).toContain(`postgres://app:***@127.0.0.1:${port}/nucleo`);
    expect((error as Error).message).not.toContain("hunter2");
    expect(logged.join("\n")).not.toContain("hunter2");
  });
});
