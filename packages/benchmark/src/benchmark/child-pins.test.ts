import type { RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import {
  ENTRIES,
  entry,
  ServedModelParentThinker,
  servedModelRuntime,
} from "../test-support/served-model-fixtures.js";
import { Benchmark } from "./benchmark.js";

/** Which entry served each child of `runId`, by the child's tool name (one model call each). */
function servedChildren(events: readonly RunEvent[], runId: string): Record<string, string[]> {
  const names = new Map<string, string>();
  for (const event of events)
    if (event.type === "job.submitted" && event.parentId === runId)
      names.set(event.jobId, event.jobName);
  const served: Record<string, string[]> = {};
  for (const event of events) {
    const name = event.type === "llm.call" ? names.get(event.jobId) : undefined;
    if (event.type === "llm.call" && name !== undefined && name !== "llm_call")
      (served[name] ??= []).push(event.entryId);
  }
  return served;
}

describe("Benchmark: which children of a pinned run take its pin", () => {
  it("a child whose grade is known (declared, or from its input) is served by the picker in every run; only a gradeless child takes the candidate's pin", async () => {
    // A SMALL entry for the question the thinker asks at SMALL: the picker's only choice there.
    const runtime = servedModelRuntime([
      ...ENTRIES,
      entry("model-small", "small-lite-1", "SMALL", "0.1", "0.4"),
    ]);
    runtime.client.answer = (call) => {
      if (call.kind !== "thinker") return undefined;
      const asked = call.request.messages.some((turn) =>
        turn.parts.some((part) => part.type === "tool_result"),
      );
      if (asked)
        return ScriptedLlmClient.json({
          reasoning: "Every tool answered.",
          answer: { model: call.entryId },
        });
      return ScriptedLlmClient.toolCalls(
        { name: "served_model", arguments: { question: "Which model are you?" } },
        { name: "served_model_declared", arguments: { question: "Which model are you?" } },
        {
          name: "quick_llm_question",
          arguments: { question: "Which model are you?", grade: "SMALL" },
        },
      );
    };
    const benchmark = new Benchmark({
      factory: () => new ServedModelParentThinker({ environment: runtime.environment }),
      environment: runtime.environment,
      log: runtime.log,
      timers: runtime.time,
    });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await expect(handle).resolves.toEqual({ model: "model-alpha" });

    const runIds = runtime.events.flatMap((event) =>
      event.type === "job.submitted" &&
      event.parentId === handle.id &&
      event.jobName === "served_model_parent"
        ? [event.jobId]
        : [],
    );
    const rows = benchmark.report()!.rows;
    expect(rows.map((row) => [row.role, row.model, row.status])).toEqual([
      ["reference", "model-alpha+model-small", "ok"], // the entries that served it
      ["candidate", "model-alpha", "ok"],
      ["candidate", "model-beta", "ok"],
      ["candidate", "model-gamma", "ok"],
    ]);
    // The reference is unpinned: the picker serves all three children at their grades.
    expect(servedChildren(runtime.events, runIds[0]!)).toEqual({
      served_model: ["model-alpha"],
      served_model_declared: ["model-alpha"],
      quick_llm_question: ["model-small"],
    });
    // Each candidate runs the same job as the reference: only the gradeless child follows the pin.
    for (const [index, pin] of [
      [1, "model-alpha"],
      [2, "model-beta"],
      [3, "model-gamma"],
    ] as const) {
      expect(
        servedChildren(runtime.events, runIds[index]!),
        `run ${index} (pinned to ${pin})`,
      ).toEqual({
        served_model: [pin],
        served_model_declared: ["model-alpha"],
        quick_llm_question: ["model-small"],
      });
    }
  });
});
