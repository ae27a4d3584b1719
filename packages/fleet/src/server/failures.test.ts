import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";
import type { FleetRun } from "./fleet-run.js";
import { isRetryableByDefault } from "./serve-options.js";

class FlakyError extends Error {
  readonly code = "ECONNRESET";
  readonly retryable = true;
}

class FinalError extends Error {
  readonly code = "bad_document";
  readonly retryable = false;
}

describeOnServer("failures, retries and dead letters", (open) => {
  it("a retryable failure is retried up to retryLimit, then dead-lettered with its error", async () => {
    const queue = await open({ retryLimit: 2 });
    const client = queue.client(testWorkflows());
    const attempts: number[] = [];
    await queue.serve(async (run) => {
      attempts.push(run.attempt);
      throw new FlakyError(
        "connection reset by postgres://app:hunter2@db:5432/x\n    at stack line",
      );
    });
    const { id } = await client.submit("flaky", {});
    const failure = await client.result(id, { timeoutMs: 20_000 }).catch((error: unknown) => error);
    expect(attempts).toEqual([1, 2, 3]);
    expect(FleetError.isInstance(failure) && failure.code).toBe("failed");
    const stored = {
      name: "Error",
      code: "ECONNRESET",
      message: "connection reset by postgres://***@db:5432/x",
    };
    expect((failure as FleetError).workflowError).toEqual(stored);
    expect(await client.status(id)).toMatchObject({
      state: "failed",
      attempts: 3,
      deadLetter: true,
      error: stored,
    });
    const letters = await client.deadLetters();
    expect(letters).toEqual([
      {
        id,
        workflow: "flaky",
        tenant: undefined,
        error: stored,
        attempts: 3,
        deadLetteredAt: expect.any(Date),
      },
    ]);
  });

  it("a failure that is not retryable goes straight to the dead letters", async () => {
    const queue = await open({ retryLimit: 5 });
    const client = queue.client(testWorkflows());
    let calls = 0;
    await queue.serve(async () => {
      calls += 1;
      throw new FinalError("the document is not a PDF");
    });
    const { id } = await client.submit("flaky", {}, { tenant: "acme" });
    await expect(client.result(id, { timeoutMs: 20_000 })).rejects.toMatchObject({
      code: "failed",
    });
    expect(calls).toBe(1);
    expect(await client.status(id)).toMatchObject({
      state: "failed",
      attempts: 1,
      deadLetter: true,
    });
    expect(await client.deadLetters()).toMatchObject([
      {
        id,
        tenant: "acme",
        attempts: 1,
        error: { name: "Error", code: "bad_document", message: "the document is not a PDF" },
      },
    ]);
  });

  it("retryDeadLetter runs a dead-lettered workflow again once, under its id, and takes it off the dead letters", async () => {
    const queue = await open({ retryLimit: 0 });
    const client = queue.client(testWorkflows());
    const runs: FleetRun[] = [];
    const second = deferred();
    await queue.serve(async (run) => {
      runs.push(run);
      if (runs.length === 1) throw new FinalError("first time fails");
      second.resolve();
      return "second time works";
    });
    const { id } = await client.submit("flaky", {});
    await expect(client.result(id, { timeoutMs: 20_000 })).rejects.toMatchObject({
      code: "failed",
    });
    expect(await client.deadLetters()).toHaveLength(1);
    expect(await client.retryDeadLetter(id)).toBe(true);
    // A second call finds nothing failed: the one mechanism does not queue it twice.
    expect(await client.retryDeadLetter(id)).toBe(false);
    expect(await client.deadLetters()).toEqual([]);
    expect(await client.result(id, { timeoutMs: 20_000 })).toBe("second time works");
    expect(runs.map((run) => [run.id, run.attempt])).toEqual([
      [id, 1],
      [id, 2],
    ]);
    expect(await client.status(id)).toMatchObject({ state: "finished", deadLetter: false });
  });

  it("retryDeadLetter answers false for a workflow that is not failed", async () => {
    const client = (await open()).client(testWorkflows());
    const { id } = await client.submit("echo", {});
    expect(await client.retryDeadLetter(id)).toBe(false);
    expect(await client.retryDeadLetter("not-an-id")).toBe(false);
  });

  it("a stored error keeps name, code and message only: no stack, no cause", async () => {
    const queue = await open({ retryLimit: 0 });
    const client = queue.client(testWorkflows());
    await queue.serve(async () => {
      throw new FinalError("gone", { cause: new Error("password=hunter2") });
    });
    const { id } = await client.submit("flaky", {});
    await client.result(id, { timeoutMs: 20_000 }).catch(() => {});
    const [row] = await client.list();
    expect(Object.keys(row!.error!).sort()).toEqual(["code", "message", "name"]);
    expect(JSON.stringify(row)).not.toContain("hunter2");
    expect(JSON.stringify(row)).not.toContain("at ");
  });
});

describe("the default retry policy", () => {
  it("takes an error's own retryable flag at its word", () => {
    expect(isRetryableByDefault(new FlakyError("x"))).toBe(true);
    expect(isRetryableByDefault(new FinalError("x"))).toBe(false);
  });

  it("treats Nucleo's checked outcomes as final and anything else as worth another attempt", () => {
    expect(
      isRetryableByDefault(new InvalidInputError({ parameter: "q", expected: "a string" })),
    ).toBe(false);
    expect(isRetryableByDefault(new TypeError("undefined is not a function"))).toBe(true);
    expect(isRetryableByDefault("a thrown string")).toBe(true);
  });
});
