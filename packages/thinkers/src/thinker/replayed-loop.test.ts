import type { ReplayMark, ReplaySource } from "@nucleo/core";
import { AbstractTool } from "@nucleo/core";
import { EventLog, recordedReplays } from "@nucleo/core/testing";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { Guarded } from "../test-support/thinker-loop-fixtures.js";

function isModelCall(mark: ReplayMark): boolean {
  return mark.position.endsWith(".llm_call.0");
}

/** Runs Summer on [1, 2] as one attempt of workflow "wf" on `client`. */
async function attempt(client: ScriptedLlmClient, source?: ReplaySource) {
  const { dispatcher, environment } = thinkerTestRuntime(client);
  const log = new EventLog({ wantsContent: true });
  dispatcher.observe(log);
  const output = await dispatcher.submit(
    new Summer({ environment }),
    { numbers: [1, 2] },
    {
      replay: { workflowId: "wf", ...(source && { source }) },
    },
  );
  return { output, events: log.events };
}

const ADDS_THEN_ANSWERS = () => [
  ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
  ScriptedLlmClient.answer(envelope({ total: 3 })),
];

describe("a thinker in a resumed workflow", () => {
  it("a thinker's model calls replay while its conversation is the same: the provider is not asked again", async () => {
    const first = await attempt(new ScriptedLlmClient(ADDS_THEN_ANSWERS()));
    const silent = new ScriptedLlmClient([]);
    const second = await attempt(silent, recordedReplays(first.events));
    expect(second.output).toEqual(first.output);
    expect(silent.requests).toHaveLength(0);
    expect(second.events.filter((event) => event.type === "llm.call")).toEqual([]);
  });

  it("after the last recorded call the loop runs live, sending the conversation the first attempt sent", async () => {
    const firstClient = new ScriptedLlmClient(ADDS_THEN_ANSWERS());
    const first = await attempt(firstClient);
    // The worker died after the first call and the tool: the answer's call was never recorded.
    const recorded = recordedReplays(first.events, (mark) => mark.position.startsWith("/2."));
    const secondClient = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 3 }))]);
    const second = await attempt(secondClient, recorded);
    expect(second.output).toEqual({ total: 3 });
    expect(secondClient.requests).toHaveLength(1);
    expect(secondClient.requests[0]!.request.messages).toEqual(
      firstClient.requests[1]!.request.messages,
    );
  });

  it("at the first difference in the conversation the loop runs live from there", async () => {
    let tallies = 0;
    /** Answers a different count each time it runs: what the second attempt sees differs. */
    class Tally extends AbstractTool<{ label: string }, { count: number }> {
      readonly name = "tally";
      override readonly description = "Counts.";
      readonly input = z.object({ label: z.string() });
      readonly output = z.object({ count: z.number() });
      override readonly readOnly = true;
      execute() {
        tallies += 1;
        return { count: tallies };
      }
    }
    const run = async (client: ScriptedLlmClient, source?: ReplaySource) => {
      const { dispatcher, environment } = thinkerTestRuntime(client);
      const log = new EventLog({ wantsContent: true });
      dispatcher.observe(log);
      const thinker = new Guarded(
        { environment },
        client,
        [],
        [new ClassToolProvider(() => new Tally())],
      );
      const output = await dispatcher.submit(
        thinker,
        { numbers: [1, 2] },
        { replay: { workflowId: "wf", ...(source && { source }) } },
      );
      return { output, events: log.events };
    };
    const script = (total: number) => [
      ScriptedLlmClient.toolCall("tally", { label: "x" }),
      ScriptedLlmClient.answer(envelope({ total })),
    ];
    const first = await run(new ScriptedLlmClient(script(1)));
    // The tool's result was not recorded; run again it answers 2, so the answer's call sees
    // another conversation than the recorded one and goes to the provider.
    const source = recordedReplays(first.events, (mark) => mark.position.includes(".tally."));
    const secondClient = new ScriptedLlmClient(script(2).slice(1));
    const second = await run(secondClient, source);
    expect(second.output).toEqual({ total: 2 });
    expect(secondClient.requests).toHaveLength(1);
    const replayed = second.events.filter(
      (event) => event.type === "job.submitted" && event.replay?.replayedFrom !== undefined,
    );
    expect(replayed.map((event) => (event as { jobName: string }).jobName)).toEqual(["llm_call"]);
    expect(isModelCall((replayed[0] as { replay: ReplayMark }).replay)).toBe(true);
  });
});
