import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import { ManualTimers } from "../testing/manual-timers.js";
import { flush, ScriptedDoer, WordCount } from "../test-support/jobs.js";
import { AbstractDoer } from "./abstract-doer.js";
import { AbstractJob } from "./abstract-job.js";
import { AbstractOrchestrator } from "./abstract-orchestrator.js";
import type { JobContext } from "./job-context.js";

/** A doer that tries to claim resources the way a tool would. */
class GreedyDoer extends AbstractDoer<unknown, string> {
  readonly name = "greedy_doer";
  readonly input = z.unknown();
  readonly output = z.string();
  requirementsAsked = 0;
  requirements() {
    this.requirementsAsked += 1;
    return [{ grade: "MEGA" as const, inputTokens: 1, maxOutputTokens: 1 }];
  }
  timeoutMs() {
    return 5;
  }
  readonly gate = Promise.withResolvers<void>();
  async execute(_input: unknown, _context: JobContext) {
    await this.gate.promise;
    return "done";
  }
}

describe("job hierarchy", () => {
  it("an orchestrator holds no resources: the dispatcher never asks a doer for seats or a timeout", async () => {
    const admission = new RecordingAdmission();
    const time = new ManualTimers();
    const doer = new GreedyDoer();
    const dispatcher = new JobDispatcher({ admission, clock: time, timers: time });
    const handle = dispatcher.submit(doer, {});
    await flush();
    expect(time.pendingDelays()).toEqual([]); // no 5 ms timer was armed
    time.advance(1_000);
    doer.gate.resolve();
    await expect(handle).resolves.toBe("done");
    expect(doer.requirementsAsked).toBe(0);
    expect(admission.requests).toHaveLength(0);
  });

  it("brands tell tools, orchestrators and doers apart", () => {
    const doer = new ScriptedDoer(() => null);
    const tool = new WordCount();
    expect(AbstractJob.isJob(doer) && AbstractJob.isJob(tool)).toBe(true);
    expect(AbstractOrchestrator.isOrchestrator(doer)).toBe(true);
    expect(AbstractDoer.isDoer(doer)).toBe(true);
    expect(AbstractOrchestrator.isOrchestrator(tool)).toBe(false);
    expect(AbstractJob.isJob({ name: "fake", input: z.unknown() })).toBe(false);
  });

  it("a doer's children run through the same door and return typed output", async () => {
    const dispatcher = new JobDispatcher();
    const doer = new ScriptedDoer(
      async (context) =>
        (await context.submitInStep(new WordCount(), { text: "one two three" })).words,
    );
    await flush();
    await expect(dispatcher.submit(doer, null)).resolves.toBe(3);
  });
});
