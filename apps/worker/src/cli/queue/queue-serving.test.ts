import { EventEmitter } from "node:events";
import type { FleetRun } from "@nucleo/fleet";
import { describe, expect, it } from "vitest";
import { deferred, queueTestFolder } from "./test-support/queue-test-folder.js";

const queue = queueTestFolder();
const run = (...argv: string[]) => queue.nucleo(argv);
const idOf = (json: string) => (JSON.parse(json) as { id: string }).id;

/** A failure not worth retrying: the workflow goes straight to the dead letters. */
function finalFailure(message: string): Error {
  return Object.assign(new Error(message), { retryable: false });
}

// A trivial handler, as `nucleo serve` would run one: the workflow's input back.
const echo = async (fleetRun: FleetRun) => ({ echoed: fleetRun.input });

describe("the queue commands against a queue served in this process", () => {
  it("submit --wait prints the workflow's result; --json with its id", async () => {
    await queue.serve(echo);
    const waited = await run(
      "submit",
      "budget_check",
      "--input",
      '{"costs":[1,2],"budget":5}',
      "--wait",
    );
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toMatch(
      /^Submitted budget_check to the queue \(PGlite at .+\): workflow (\S+)\nWaiting for its result \(Ctrl-C stops waiting, not the workflow\)…\nWorkflow \1 finished\. Output:\n/,
    );
    expect(waited.stdout.slice(waited.stdout.indexOf("Output:\n") + 8)).toBe(
      JSON.stringify({ echoed: { costs: [1, 2], budget: 5 } }, null, 2),
    );
    const json = await run("submit", "budget_check", "--wait", "--json");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      id: expect.any(String),
      workflow: "budget_check",
      created: true,
      state: "finished",
      output: { echoed: { costs: [40, 70, 25, 90, 15, 60, 35, 80, 55, 30], budget: 450 } },
    });
    expect(json.stderr).toContain("Waiting for its result");
  });

  it("submit --wait exits 1 with the stored error when the workflow fails; status and dead-letters show it; retry puts it back", async () => {
    const retried = deferred<FleetRun>();
    await queue.serve(async (fleetRun) => {
      if (fleetRun.attempt === 1) throw finalFailure("the ledger is closed for the night");
      retried.resolve(fleetRun);
      return { settled: true };
    });
    const failed = await run("submit", "budget_check", "--tenant", "night", "--wait");
    expect(failed.code).toBe(1);
    const id = /workflow (\S+)/.exec(failed.stdout)![1]!;
    expect(failed.stderr).toBe(
      `nucleo: Workflow ${id} (budget_check) failed after 1 attempt (nucleo trajectory ${id} shows its last attempt): Error: the ledger is closed for the night`,
    );
    const status = await run("status", id);
    expect(status.stdout).toContain("  state     failed (in the dead letters)\n");
    expect(status.stdout).toContain("  error     Error: the ledger is closed for the night\n");
    expect(status.stdout).toContain(`  recorded  ${id} (latest attempt: nucleo trajectory ${id})`);
    const letters = await run("dead-letters");
    expect(letters.code, letters.stderr).toBe(0);
    expect(letters.stdout).toMatch(/^id\s+workflow\s+tenant\s+attempts\s+failed\s+error\n/);
    expect(letters.stdout).toMatch(
      new RegExp(
        `^${id}\\s+budget_check\\s+night\\s+1\\s+\\S+ \\S+\\s+Error: the ledger is closed for the night$`,
        "m",
      ),
    );
    expect(JSON.parse((await run("dead-letters", "list", "--json")).stdout)).toEqual([
      expect.objectContaining({ id, workflow: "budget_check", tenant: "night", attempts: 1 }),
    ]);
    const retry = await run("dead-letters", "retry", id);
    expect(retry).toMatchObject({
      code: 0,
      stdout: `Workflow ${id} is back on the queue, with one more attempt; nucleo status ${id} follows it.`,
    });
    expect((await retried.promise).id).toBe(id);
    expect(await queue.client.result(id)).toEqual({ settled: true });
    expect((await run("dead-letters")).stdout).toBe(
      "No dead letters: no workflow has failed for good.",
    );
    const again = await run("dead-letters", "retry", id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `nucleo: Workflow ${id} (budget_check) is finished, not a dead letter: only a workflow that failed for good can be retried. nucleo dead-letters lists them.`,
    );
    const unknown = await run("dead-letters", "retry", "4a5c0f6e-8d2b-4c1a-9e3f-000000000404");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No workflow with id");
  });

  it("cancel stops a running workflow from another queue client, and says when it had already ended", async () => {
    let started = deferred<string>();
    const stopped = deferred<unknown>();
    await queue.serve(async (fleetRun) => {
      started.resolve(fleetRun.id);
      // Runs until told to stop, as a long workflow would.
      await new Promise((resolve) => fleetRun.signal.addEventListener("abort", resolve));
      stopped.resolve(fleetRun.signal.reason);
      throw fleetRun.signal.reason;
    });
    const id = idOf((await run("submit", "digest_document", "--json")).stdout);
    expect(await started.promise).toBe(id);
    const cancelled = await run("cancel", id);
    expect(cancelled).toEqual({
      code: 0,
      stdout: `Cancelled workflow ${id} (digest_document, was running): a worker running it stops it within about a second, and it is not retried.`,
      stderr: "",
    });
    expect(await stopped.promise).toMatchObject({ code: "cancelled" });
    expect(JSON.parse((await run("cancel", id, "--json")).stdout)).toEqual({
      id,
      workflow: "digest_document",
      cancelled: false,
      state: "cancelled",
    });
    expect((await run("cancel", id)).stdout).toBe(
      `Workflow ${id} (digest_document) had already ended (cancelled): nothing to cancel.`,
    );
    // A workflow cancelled while submit --wait waits for it: exit 1, saying so.
    started = deferred<string>();
    const waiting = run("submit", "digest_document", "--wait");
    const second = await started.promise;
    expect(await queue.client.cancel(second)).toBe(true);
    expect(await waiting).toMatchObject({
      code: 1,
      stderr: `nucleo: Workflow ${second} (digest_document) was cancelled after 1 attempt (nucleo trajectory ${second} shows its last attempt).`,
    });
    const unknown = await run("cancel", "wf-404");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^nucleo: No workflow with id "wf-404" is on the queue/);
  });

  it("a signal stops submit --wait, not the workflow: exit 0, and it stays on the queue", async () => {
    const started = deferred<string>();
    await queue.serve(async (fleetRun) => {
      started.resolve(fleetRun.id);
      await new Promise((resolve) => fleetRun.signal.addEventListener("abort", resolve));
      throw fleetRun.signal.reason;
    });
    const signals = new EventEmitter();
    const waiting = queue.nucleo(["submit", "budget_check", "--wait"], { signals });
    const id = await started.promise;
    signals.emit("SIGINT", "SIGINT");
    const ran = await waiting;
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      "Received SIGINT: no longer waiting; the workflow stays on the queue.",
    );
    expect(ran.stderr).toBe(
      `nucleo: Stopped waiting for workflow ${id}: it stays on the queue (nucleo status ${id} shows it, nucleo cancel ${id} stops it).`,
    );
    expect((await queue.client.status(id))?.state).toBe("running");
    expect(signals.listenerCount("SIGINT")).toBe(0);
  });

  it("schedule add checks the input and the cron expression, list shows it, the same key replaces it, remove removes it", async () => {
    const added = await run(
      "schedule",
      "add",
      "budget_check",
      "0 7 * * *",
      "--key",
      "morning",
      "--tz",
      "Europe/Paris",
      "--tenant",
      "acme",
    );
    expect(added).toEqual({
      code: 0,
      stdout:
        'Scheduled budget_check (key "morning"): "0 7 * * *" in Europe/Paris. The workers serving the queue submit it when it is due.',
      stderr: "",
    });
    const replaced = await run(
      "schedule",
      "add",
      "budget_check",
      "30 7 * * 1-5",
      "--key",
      "morning",
      "--json",
    );
    expect(JSON.parse(replaced.stdout)).toEqual({
      workflow: "budget_check",
      key: "morning",
      cron: "30 7 * * 1-5",
      timezone: "UTC",
      replaced: true,
    });
    const badCron = await run("schedule", "add", "budget_check", "every morning");
    expect(badCron.code).toBe(2);
    expect(badCron.stderr).toMatch(/^nucleo: <cron> is not a valid expression \("every morning"\)/);
    const badInput = await run(
      "schedule",
      "add",
      "budget_check",
      "0 7 * * *",
      "--input",
      '{"costs":"all"}',
    );
    expect(badInput.code).toBe(2);
    expect(badInput.stderr).toMatch(
      /^nucleo: Invalid input for workflow "budget_check", field costs:/,
    );
    expect(JSON.parse((await run("schedule", "list", "--json")).stdout)).toEqual([
      expect.objectContaining({
        workflow: "budget_check",
        key: "morning",
        cron: "30 7 * * 1-5",
        timezone: "UTC",
        input: { costs: [40, 70, 25, 90, 15, 60, 35, 80, 55, 30], budget: 450 },
      }),
    ]);
    expect((await run("schedule")).stdout).toMatch(
      /^workflow\s+key\s+cron\s+tz\s+tenant\s+input\n.+\nbudget_check\s+morning\s+30 7 \* \* 1-5\s+UTC\s+-\s+\{"costs"/,
    );
    const missing = await run("schedule", "remove", "budget_check");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      "nucleo: No schedule of budget_check: nothing was removed. nucleo schedule list shows the schedules.",
    );
    expect((await run("schedule", "remove", "budget_check", "--key", "morning")).stdout).toBe(
      'Removed the schedule of budget_check (key "morning").',
    );
    expect((await run("schedule", "list")).stdout).toBe("No schedules.");
  });
});
