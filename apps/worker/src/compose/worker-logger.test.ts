import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SharedBudgetStore } from "@nucleo/catalog";
import { RecordingLogger, settlePromises } from "@nucleo/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../config/load-worker-config.js";
import { packageFile } from "../package-files.js";
import { exampleCatalog } from "../test-support/mock-provider-runtime.js";
import { setUpModels } from "./model-setup.js";
import { Worker } from "./worker.js";

const SECRET = "canary-Pa55word-7f3e";

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-worker-logger-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A shared store whose database is away, with a driver error that quotes its connection string. */
const away = () =>
  Promise.reject(
    Object.assign(new Error(`connect ECONNREFUSED postgres://app:${SECRET}@db:5432/nucleo`), {
      code: "ECONNREFUSED",
    }),
  );
const awayStore: SharedBudgetStore = {
  book: away,
  bookInOrder: away,
  settle: () => Promise.resolve(),
  cancel: () => Promise.resolve(),
  coolDown: () => Promise.resolve(),
};

describe("the worker's logger seam", () => {
  it("a shared budget store's failure reaches the worker's logger with its entry and operation, and no secret", async () => {
    const logger = new RecordingLogger();
    const models = await setUpModels({
      catalog: await exampleCatalog(),
      env: {},
      responders: [],
      sharedBudgets: awayStore,
      logger,
    });
    const controller = new AbortController();
    try {
      const seat = models.admission.reserve(
        { entryId: "openai-gpt-5-nano", inputTokens: 10, maxOutputTokens: 10 },
        { signal: controller.signal, jobId: "job" },
      );
      seat.catch(() => {});
      await settlePromises();
      expect(logger.entries[0]).toMatchObject({
        level: "warn",
        fields: {
          component: "catalog-admission",
          operation: "book",
          entryId: "openai-gpt-5-nano",
          error: { name: "Error", code: "ECONNREFUSED" },
        },
      });
      expect(logger.text()).not.toContain(SECRET);
    } finally {
      controller.abort(new Error("test over"));
      await models.close();
    }
  });

  // Creating the PGlite folder takes seconds, more on a loaded machine.
  it("the dispatcher's and the recorder's problems reach the logger the worker was started with", {
    timeout: 120_000,
  }, async () => {
    const logger = new RecordingLogger();
    const config = {
      ...(await loadWorkerConfig(packageFile("config/worker.json"))),
      recorder: { pgliteDir: "pglite", content: { mode: "full" as const } },
    };
    const worker = await Worker.start({ config, env: {}, cwd: folder, logger });
    try {
      worker.dispatcher.observe({
        onEvent: () => {
          throw new Error("observer bug");
        },
      });
      const run = worker.submit("budget_check", { costs: [40, 70], budget: 100 });
      // Given up before the first write: the events the run has reported so far are lost.
      const lost = worker.abandonRecording("the test stops the worker");
      expect(lost).toBeGreaterThan(0);
      await run.settled;
      expect(logger.entries.find((entry) => entry.fields.component === "dispatcher")).toMatchObject(
        {
          level: "error",
          message: "observer Object threw",
          fields: { error: { message: "observer bug" } },
        },
      );
      expect(logger.entries.find((entry) => entry.fields.component === "recorder")).toMatchObject({
        level: "error",
        fields: { code: "recorder_abandoned", events: lost },
      });
    } finally {
      await worker.close().catch(() => {});
    }
  });
});
