import { describe, expect, it } from "vitest";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import type { JobReportedEvent } from "../events/run-event.js";
import { ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { CostLedger, emptyLedgerTotals } from "./cost-ledger.js";

function callEvent(cost: string, currency = "USD"): JobReportedEvent {
  // The dispatcher adds lineage, job class and ancestors.
  return {
    type: "llm.call",
    entryId: "openai-gpt-small",
    providerModel: "gpt-small",
    usage: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 50 },
    cost,
    currency,
    latencyMs: 12,
    stopReason: "end",
    attempt: 1,
    corrections: 0,
  };
}

/** A tool that reports one model call per cost given. */
function caller(...costs: string[]) {
  return new ScriptedTool((_resources, context) => {
    for (const cost of costs) context.emit(callEvent(cost));
    return null;
  });
}

describe("CostLedger", () => {
  it("totalFor hands each caller totals of its own: changing them changes nothing another caller sees", () => {
    const ledger = new CostLedger();
    const first = ledger.totalFor("job-without-calls");
    // The type says read-only; a caller that casts it away must still spoil nothing shared.
    (first.cost as Map<string, unknown>).set("EUR", "spent");
    expect(ledger.totalFor("job-without-calls").cost.size).toBe(0);
  });

  it("attributes every call to its job and every ancestor, so a doer's total includes its descendants'", async () => {
    const ledger = new CostLedger();
    const dispatcher = new JobDispatcher({ observers: [ledger] });
    let middleId = "";
    const middle = new ScriptedDoer(async (context) => {
      middleId = context.jobId;
      await context.submitInStep(caller("0.1"), null);
      await context.submitInStep(caller("0.2"), null);
    });
    const root = dispatcher.submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(middle, null);
        await context.submitInStep(caller("0.000001"), null);
      }),
      null,
    );
    await root;
    expect(ledger.totalFor(middleId).cost.get("USD")?.toString()).toBe("0.3");
    const total = ledger.totalFor(root.id);
    expect(total.cost.get("USD")?.toString()).toBe("0.300001");
    expect(total).toMatchObject({
      calls: 3,
      inputTokens: 300,
      cachedInputTokens: 150,
      outputTokens: 30,
    });
  });

  it("keeps currencies apart instead of summing them", async () => {
    const ledger = new CostLedger();
    const tool = new ScriptedTool((_resources, context) => {
      context.emit(callEvent("1.25", "USD"));
      context.emit(callEvent("2", "EUR"));
      return null;
    });
    const handle = new JobDispatcher({ observers: [ledger] }).submit(tool, null);
    await handle;
    const cost = ledger.totalFor(handle.id).cost;
    expect([...cost.entries()].map(([currency, amount]) => `${currency} ${amount}`)).toEqual([
      "USD 1.25",
      "EUR 2",
    ]);
  });

  it("a job that made no call totals zero", () => {
    expect(new CostLedger().totalFor("nobody")).toMatchObject({ calls: 0, cost: new Map() });
  });

  it("emptyLedgerTotals is a job with no call's totals, a fresh object each time", () => {
    expect(emptyLedgerTotals()).toEqual(new CostLedger().totalFor("nobody"));
    expect(emptyLedgerTotals()).not.toBe(emptyLedgerTotals());
  });

  it("records each call with its job class, and a ledger for one workflow ignores the others", async () => {
    let next = 1;
    const ledger = new CostLedger({ rootId: "job-3" });
    const dispatcher = new JobDispatcher({ observers: [ledger], ids: () => `job-${next++}` });
    const workflow = () =>
      new ScriptedDoer(async (context) => context.submitInStep(caller("0.5"), null));
    await dispatcher.submit(workflow(), null); // job-1, child job-2
    await dispatcher.submit(workflow(), null); // job-3, child job-4
    expect(
      ledger.calls().map((call) => [call.rootId, call.jobId, call.jobClass, call.cost.toString()]),
    ).toEqual([["job-3", "job-4", "ScriptedTool", "0.5"]]);
    expect(ledger.totalFor("job-1").calls).toBe(0);
    expect(ledger.totalFor("job-3").calls).toBe(1);
  });

  it("a call with a cost that is not decimal text is refused loudly, not summed as NaN", async () => {
    const logger = new RecordingLogger();
    const ledger = new CostLedger();
    const handle = new JobDispatcher({ observers: [ledger], logger }).submit(
      caller("0.1", "NaN"),
      null,
    );
    await handle;
    expect(logger.entries[0]?.fields.error).toMatchObject({
      message: expect.stringMatching(/carries cost "NaN", which is not decimal text/),
    });
    expect(ledger.totalFor(handle.id).cost.get("USD")?.toString()).toBe("0.1");
  });

  it("forget(rootId) drops a workflow's calls and totals, and leaves the others", async () => {
    let next = 1;
    const ledger = new CostLedger();
    const dispatcher = new JobDispatcher({ observers: [ledger], ids: () => `job-${next++}` });
    const workflow = () =>
      new ScriptedDoer(async (context) => context.submitInStep(caller("0.5"), null));
    await dispatcher.submit(workflow(), null); // job-1, child job-2
    await dispatcher.submit(workflow(), null); // job-3, child job-4
    ledger.forget("job-1");
    expect(ledger.totalFor("job-1").calls).toBe(0);
    expect(ledger.totalFor("job-2").calls).toBe(0);
    expect(ledger.totalFor("job-3").calls).toBe(1);
    expect(ledger.calls().map((call) => call.rootId)).toEqual(["job-3"]);
  });
});
