import type { RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";

type Submitted = Extract<RunEvent, { type: "job.submitted" }>;

describe("what a thinker's jobs are, for traces and consoles", () => {
  it("a thinker is submitted as an agent, its turns as model calls, its tools with no role", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [1, 2] });
    const roles = events
      .filter((event): event is Submitted => event.type === "job.submitted")
      .map((event) => `${event.jobName}:${event.role ?? "-"}`);
    expect(roles).toEqual([
      `${new Summer({ environment }).name}:agent`,
      "llm_call:model_call",
      "add:-",
      "llm_call:model_call",
    ]);
  });
});
