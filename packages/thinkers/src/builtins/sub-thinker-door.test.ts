import { readFile } from "node:fs/promises";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";

// This file imports neither the package's entry nor sub-thinker.ts: the loop must reach
// SubThinker on its own, as it must in a bundle that dropped every module nobody imports.
describe("the sub_thinker door without a side-effect import", () => {
  it("a thinker launches its delegate though nothing imported the SubThinker module", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("sub_thinker", { objective: "Add 2 and 3.", artifact_refs: [] }), // parent
      ScriptedLlmClient.answer(
        envelope({ summary: "5", reasoning: { approach: "added", steps: [] }, artifactRefs: [] }),
      ), // delegate
      ScriptedLlmClient.answer(envelope({ total: 5 })), // parent
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    expect(await dispatcher.submit(new Summer({ environment }), { numbers: [2, 3] })).toEqual({
      total: 5,
    });
    const delegate = events.find(
      (event) => event.type === "job.submitted" && event.jobName === "sub_thinker",
    );
    expect(delegate).toBeDefined();
    expect(
      events.some((event) => event.type === "job.finished" && event.jobId === delegate?.jobId),
    ).toBe(true);
  });

  it("the package declares no module side effects, so bundlers may drop what nobody imports", async () => {
    const manifest = JSON.parse(
      await readFile(new URL("../../package.json", import.meta.url), "utf8"),
    ) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toBe(false);
  });
});
