import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { RecorderQueryError } from "./recorder-query-error.js";
import { kept, messageHash, seedSaid } from "./test-support/said-rows.js";
import { loopTurn, seedThinkerLoop } from "./test-support/said-loop.js";
import {
  FINAL_ANSWER,
  FIRST_ANSWER,
  QUESTION,
  SUPPORT_SYSTEM,
  TOOL_RESULT,
  seedSaidRuns,
} from "./test-support/said-runs.js";
import { seedRows } from "./test-support/seed-rows.js";
import { loggingStatements } from "./test-support/statement-log.js";
import { TRANSCRIPT_LIMITS } from "./workflow-transcript.js";
import { readWorkflowTranscript } from "./workflow-transcript-query.js";

const hashes = (messages: readonly { readonly hash: string }[]) =>
  messages.map((message) => message.hash);

describeOnBothDatabases("RecorderQueries.workflowTranscript", (open) => {
  it("lists the jobs in trajectory order, each with its name, class, role, status, input, output and calls", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const { rootId, jobs } = await new RecorderQueries(db).workflowTranscript("chat-1");
    expect(rootId).toBe("chat-1");
    expect(jobs.map((job) => [job.depth, job.jobId, job.role, job.calls.length])).toEqual([
      [0, "chat-1", null, 0],
      [1, "agent", "agent", 0],
      [2, "turn-1", "model_call", 1],
      [2, "search", null, 0],
      [2, "turn-2", "model_call", 1],
      [1, "summary", null, 1],
      [1, "quiet", null, 1],
      [1, "pending", null, 0],
    ]);
    expect(jobs[3]).toMatchObject({
      jobName: "search_policy",
      jobClass: "SearchPolicy",
      kind: "tool",
      status: "finished",
      error: null,
      input: { query: "refund window" },
      output: "Refunds are granted within 30 days.",
    });
    const pending = jobs.find((job) => job.jobId === "pending")!;
    expect([pending.status, pending.input, pending.output]).toEqual([
      "running",
      { to: "customer@example.com" },
      undefined,
    ]);
    expect(jobs.find((job) => job.jobId === "summary")!.output).toBeNull();
    const quiet = jobs.find((job) => job.jobId === "quiet")!;
    expect(quiet.calls[0]).toMatchObject({ cost: "0.0001", content: undefined });
  });

  it("shows a turn only what is new in its conversation: the previous turn's request and answer are counted, not repeated", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const { jobs } = await new RecorderQueries(db).workflowTranscript("chat-1");
    const first = jobs.find((job) => job.jobId === "turn-1")!.calls[0]!.content!;
    const second = jobs.find((job) => job.jobId === "turn-2")!.calls[0]!.content!;
    expect(first).toMatchObject({
      system: SUPPORT_SYSTEM,
      priorMessages: 0,
      tools: ["search_policy"],
      toolChoice: "auto",
    });
    expect(hashes(first.messages)).toEqual([messageHash(QUESTION)]);
    expect(first.response!.hash).toBe(messageHash(FIRST_ANSWER));
    // The second request is [question, first answer, tool result]: the first two were shown.
    expect(second.priorMessages).toBe(2);
    expect(hashes(second.messages)).toEqual([messageHash(TOOL_RESULT)]);
    expect(second.response!.hash).toBe(messageHash(FINAL_ANSWER));
    // The same system text as the turn before: not repeated.
    expect(second).not.toHaveProperty("system");
  });

  it("keeps a 50-turn loop linear: each turn shows one new message and its answer, in four statements", async () => {
    const { db } = await open();
    await seedThinkerLoop(db, "loop", 50);
    const logged = loggingStatements(db);
    const { jobs } = await new RecorderQueries(logged.db).workflowTranscript("loop");
    expect(logged.statements).toHaveLength(4);
    const calls = jobs.flatMap((job) => job.calls.map((call) => call.content!));
    expect(calls).toHaveLength(50);
    calls.forEach((content, index) => {
      const turn = index + 1;
      // Turn k re-sends 2k - 1 messages: all but the last tool result were shown before.
      expect(content.priorMessages).toBe(turn === 1 ? 0 : 2 * turn - 2);
      expect(hashes(content.messages)).toEqual(
        turn === 1
          ? [messageHash(kept.user("Add up the pages."))]
          : [messageHash(loopTurn(turn - 1).result)],
      );
      expect(content.response!.hash).toBe(messageHash(loopTurn(turn).answer));
    });
    const shown = calls.reduce((total, content) => total + content.messages.length + 1, 0);
    expect(shown).toBe(100); // 1,275 requests' messages and 50 answers without the elision
  });

  it("elides only within one conversation: a turn's is its thinker's, any other call's its own job's", async () => {
    const { db } = await open();
    const { rootOf } = await seedRows(db, {
      jobs: [
        { id: "two", kind: "doer" },
        { id: "thinker-a", parentId: "two", ordinal: 1, role: "agent" },
        { id: "a-1", parentId: "thinker-a", ordinal: 1, role: "model_call" },
        { id: "thinker-b", parentId: "two", ordinal: 2, role: "agent" },
        { id: "b-1", parentId: "thinker-b", ordinal: 1, role: "model_call" },
        { id: "direct", parentId: "two", ordinal: 3 },
        { id: "other", parentId: "two", ordinal: 4 },
      ],
      calls: ["a-1", "b-1", "direct", "direct", "other"].map((jobId) => ({ jobId, cost: "0" })),
    });
    const ask = [QUESTION];
    await seedSaid(db, {
      rootOf,
      calls: [
        { jobId: "a-1", seq: 1, messages: ask, response: FIRST_ANSWER },
        // Another thinker asked the same: its conversation is its own.
        { jobId: "b-1", seq: 1, messages: ask, response: FIRST_ANSWER },
        // A job that called twice (say, a retry) continues its own conversation.
        { jobId: "direct", seq: 1, messages: ask, response: FIRST_ANSWER },
        { jobId: "direct", seq: 2, messages: ask, response: FINAL_ANSWER },
        // A sibling job without a role is not its neighbour's conversation.
        { jobId: "other", seq: 1, messages: ask, response: FINAL_ANSWER },
      ],
    });
    const { jobs } = await new RecorderQueries(db).workflowTranscript("two");
    const prior = jobs.flatMap((job) =>
      job.calls.map((call) => [job.jobId, call.seq, call.content!.priorMessages]),
    );
    expect(prior).toEqual([
      ["a-1", 1, 0],
      ["b-1", 1, 0],
      ["direct", 1, 0],
      ["direct", 2, 1],
      ["other", 1, 0],
    ]);
  });

  it("gives the system text again when it changes within a conversation", async () => {
    const { db } = await open();
    const { rootOf } = await seedRows(db, {
      jobs: [
        { id: "sys" },
        { id: "t-1", parentId: "sys", ordinal: 1, role: "model_call" },
        { id: "t-2", parentId: "sys", ordinal: 2, role: "model_call" },
        { id: "t-3", parentId: "sys", ordinal: 3, role: "model_call" },
      ],
      calls: ["t-1", "t-2", "t-3"].map((jobId) => ({ jobId, cost: "0" })),
    });
    await seedSaid(db, {
      rootOf,
      calls: [
        { jobId: "t-1", seq: 1, system: "Be brief.", messages: [QUESTION], response: FINAL_ANSWER },
        { jobId: "t-2", seq: 1, system: "Be brief.", messages: [QUESTION], response: FINAL_ANSWER },
        {
          jobId: "t-3",
          seq: 1,
          system: "Be thorough.",
          messages: [QUESTION],
          response: FINAL_ANSWER,
        },
      ],
    });
    const { jobs } = await new RecorderQueries(db).workflowTranscript("sys");
    expect(jobs.slice(1).map((job) => job.calls[0]!.content!.system)).toEqual([
      "Be brief.",
      undefined,
      "Be thorough.",
    ]);
  });

  it("refuses a workflow past the transcript's limits as workflow_too_large, naming it", async () => {
    const { db } = await open();
    await seedThinkerLoop(db, "big", 4);
    const limits = { ...TRANSCRIPT_LIMITS, modelCalls: 3 };
    const error = await readWorkflowTranscript(db, "big", limits).catch(
      (caught: unknown) => caught,
    );
    expect(RecorderQueryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "workflow_too_large",
      id: "big",
      query: "workflowTranscript",
    });
    expect((error as Error).message).toContain("more than 3 model calls");
    for (const tight of [{ jobs: 5 }, { messages: 8 }]) {
      await expect(
        readWorkflowTranscript(db, "big", { ...TRANSCRIPT_LIMITS, ...tight }),
      ).rejects.toMatchObject({
        code: "workflow_too_large",
      });
    }
    // At the limits exactly, it is read.
    const exact = { jobs: 6, modelCalls: 4, messages: 9, threadPositions: 1_000 };
    expect((await readWorkflowTranscript(db, "big", exact)).jobs).toHaveLength(6);
    expect(TRANSCRIPT_LIMITS).toEqual({
      jobs: 10_000,
      modelCalls: 10_000,
      messages: 50_000,
      threadPositions: 200_000,
    });
  });

  it("refuses an unknown workflow, or a job inside one, as unknown_workflow", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    await expect(queries.workflowTranscript("nope")).rejects.toMatchObject({
      code: "unknown_workflow",
      id: "nope",
    });
    await expect(queries.workflowTranscript("turn-1")).rejects.toThrow(/inside workflow "chat-1"/);
  });
});
