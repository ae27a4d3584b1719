import type { RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import {
  delegate,
  delegateAnswers,
  delegateJobs,
  sumAnswer,
} from "../test-support/delegation-fixtures.js";
import { entry, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";

// Where a delegate works: at its parent's grade and pin, with an output budget of its own.

/** The model calls a job made itself (its `llm_call` children). */
function llmCallsOf(events: readonly RunEvent[], jobId: string) {
  const calls = new Set(
    events
      .filter(
        (event) =>
          event.type === "job.submitted" &&
          event.parentId === jobId &&
          event.jobName === "llm_call",
      )
      .map((event) => event.jobId),
  );
  return {
    entries: events.flatMap((event) =>
      event.type === "llm.call" && calls.has(event.jobId) ? [event.entryId] : [],
    ),
    grades: events.flatMap((event) =>
      event.type === "seat.reserved" && calls.has(event.jobId) ? [event.grade] : [],
    ),
  };
}

describe("the delegate's seat", () => {
  it("works at its parent's grade, raised for the run", async () => {
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const parent = new Summer({ environment });
    parent.setGrade("LARGE");
    await dispatcher.submit(parent, { numbers: [2, 2] });
    const [delegateJob] = delegateJobs(events);
    expect(llmCallsOf(events, delegateJob!)).toEqual({ entries: ["large"], grades: ["LARGE"] });
  });

  it("works at its parent's pin", async () => {
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const parent = new Summer({ environment, pin: "xl" });
    await dispatcher.submit(parent, { numbers: [2, 2] });
    const [delegateJob] = delegateJobs(events);
    expect(llmCallsOf(events, delegateJob!).entries).toEqual(["xl"]);
    expect(client.requests.map((request) => request.binding.entry.id)).toEqual(["xl", "xl", "xl"]);
  });

  it("declares its own output budget, sized to its answer, whatever its parent's", async () => {
    // A ceiling above every rung, so the budgets show as declared.
    const roomy = [entry("medium", "MEDIUM", { outputCeiling: 64_000 })];
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client, roomy);
    const parent = new Summer({ environment });
    parent.setOutputBudget(1_234);
    await dispatcher.submit(parent, { numbers: [2, 2] });
    expect(client.requests.map((request) => request.binding.maxOutputTokens)).toEqual([
      1_234, 16_384, 1_234,
    ]);
  });
});
