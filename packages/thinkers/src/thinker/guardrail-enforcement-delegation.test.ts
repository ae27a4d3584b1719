import { AbstractDoer, AbstractTool, ThinkerDeclaration, type JobContext } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider, ForwardingToolProvider, ToolHub } from "@nucleo/tools";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  Adder,
  jobIdOf,
  SEALED,
  submitted,
  TICKET,
  withheldBy,
} from "../test-support/read-only-fixtures.js";
import { offeredNames, resultsReadBy } from "../test-support/scripted-requests.js";
import {
  Add,
  AddInput,
  envelope,
  recordNoteProvider,
  RecordNote,
  Summer,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";

// docs/architecture.md#scope-and-the-read-only-binding: the read-only binding travels down every
// generation of delegation, and a delegate carries its parent's scope without being able to
// widen it. What a hostile subclass cannot do is in guardrail-enforcement-subclass.test.ts.

beforeEach(() => {
  RecordNote.saved.length = 0;
});

describe("the read-only binding travels", () => {
  /**
   * Claims read-only for a thinker that is not, so the second generation offers it: only the
   * sealed scope can bind the worker.
   */
  class ClaimsReadOnly extends ForwardingToolProvider {
    override readOnly(): boolean {
      return true;
    }
  }

  it("binds every generation of delegation to the ticket and to read-only, with no class arranging it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("ticket_reviewer", { numbers: [1, 2] }), // lead
      ScriptedLlmClient.toolCall("ticket_worker", { numbers: [1, 2] }), // reviewer
      ScriptedLlmClient.toolCall("record_note", { text: "leak" }), // worker
      ScriptedLlmClient.answer(envelope({ total: 3 })), // worker
      ScriptedLlmClient.answer(envelope({ total: 3 })), // reviewer
      ScriptedLlmClient.answer(envelope({ total: 3 })), // lead
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    class Reviewer extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
      readonly name = "ticket_reviewer";
      override readonly readOnly = true;
      readonly input = SumQuestion;
      readonly output = SumAnswer;
      constructor(options: ThinkerOptions) {
        super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
        // The third generation: a thinker that is not read-only, with a writing tool.
        this.addTools(
          new ClaimsReadOnly(
            new ClassToolProvider(
              () => new Adder("ticket_worker", { environment }, recordNoteProvider),
            ),
          ),
        );
      }
      protected task(): string {
        return "Have the worker add the numbers.";
      }
    }
    class Lead extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
      readonly name = "ticket_lead";
      readonly input = SumQuestion;
      readonly output = SumAnswer;
      constructor(options: ThinkerOptions) {
        super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
        this.addTools(new ClassToolProvider(() => new Reviewer({ environment })));
      }
      protected task(): string {
        return "Have the reviewer add the numbers.";
      }
    }

    await expect(
      dispatcher.submit(new Lead({ environment }), { numbers: [1, 2] }, { scope: SEALED }),
    ).resolves.toEqual({ total: 3 });

    expect(offeredNames(client, 0)).toEqual(["ticket_reviewer"]);
    expect(offeredNames(client, 1)).toEqual(["ticket_worker"]);
    expect(offeredNames(client, 2)).toEqual(["add"]);
    expect(resultsReadBy(client, 3)).toEqual([
      expect.objectContaining({ name: "record_note", isError: true }),
    ]);
    expect(RecordNote.saved).toEqual([]);
    expect(withheldBy(events, jobIdOf(events, "ticket_worker"))).toEqual([
      "record_note",
      "sub_thinker",
    ]);

    const all = submitted(events);
    expect(all.map((event) => event.jobName).filter((name) => name !== "llm_call")).toEqual([
      "ticket_lead",
      "ticket_reviewer",
      "ticket_worker",
    ]);
    expect(all.length).toBe(9);
    for (const event of all) expect(event.scope).toEqual({ axes: TICKET, readOnly: true });
  });

  it("sweeps sub_thinker and request_tools under read-only like any other tool, and keeps request_skill", async () => {
    class Multiply extends AbstractTool<{ a: number; b: number }, { product: number }> {
      readonly name = "multiply";
      override readonly description = "Multiply two numbers.";
      override readonly readOnly = true;
      readonly input = z.object({ a: z.number(), b: z.number() });
      readonly output = z.object({ product: z.number() });
      execute(input: { a: number; b: number }) {
        return { product: input.a * input.b };
      }
    }
    // Even a catalog of read-only tools does not make request_tools read-only: it widens the palette.
    const hub = new ToolHub()
      .addCompatibleTools(new ClassToolProvider(() => new Multiply()))
      .addSkills({
        name: "careful_sums",
        description: "How to add with care.",
        text: "CAREFUL-SUMS: check every addition twice.",
      });
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("request_skill", { skill_names: ["careful_sums"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] }, { scope: SEALED });

    expect(offeredNames(client, 0)).toEqual(["add", "request_skill"]);
    expect(withheldBy(events, jobIdOf(events, "summer"))).toEqual(["request_tools", "sub_thinker"]);
    expect(resultsReadBy(client, 1)).toEqual([
      expect.objectContaining({ name: "request_skill", isError: false }),
    ]);
    expect(events.filter((event) => event.type === "skill.admitted")).toEqual([
      expect.objectContaining({ skill: "careful_sums" }),
    ]);
    expect(client.requests[1]!.request.system.text).toContain("CAREFUL-SUMS");
  });
});

describe("a delegate carries its parent's scope", () => {
  /** Tries to move its child to another ticket: a widening the submission door must refuse. */
  class RebindTicket extends AbstractDoer<z.infer<typeof AddInput>, { sum: number }> {
    readonly name = "rebind_ticket";
    override readonly description = "Add two numbers under ticket T-2.";
    readonly input = AddInput;
    readonly output = z.object({ sum: z.number() });
    execute(input: z.infer<typeof AddInput>, context: JobContext) {
      return context.submitInStep(new Add(), input, { scope: { axes: { ticket: "T-2" } } });
    }
  }

  it("copies the spawning thinker's scope onto its sub-thinker, which cannot widen it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("sub_thinker", {
        objective: "Add 1 and 1 under ticket T-2.",
        artifact_refs: [],
      }), // parent
      ScriptedLlmClient.toolCall("rebind_ticket", { a: 1, b: 1 }), // delegate
      ScriptedLlmClient.answer(
        envelope({
          summary: "could not",
          reasoning: { approach: "tried", steps: [] },
          artifactRefs: [],
        }),
      ), // delegate
      ScriptedLlmClient.answer(envelope({ total: 2 })), // parent
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Adder("spawner", { environment }, new ClassToolProvider(() => new RebindTicket())),
      { numbers: [1, 1] },
      { scope: { axes: TICKET } },
    );

    const delegate = submitted(events).find((event) => event.jobName === "sub_thinker")!;
    expect(delegate.scope).toEqual({ axes: TICKET, readOnly: false });
    expect(submitted(events).find((event) => event.jobName === "rebind_ticket")!.parentId).toBe(
      delegate.jobId,
    );
    // The widening was refused at the door: the add never ran, and the delegate read why.
    const refused = submitted(events).find((event) => event.jobName === "add")!;
    expect(refused.scope.axes).toEqual(TICKET);
    expect(
      events.find((event) => event.type === "job.failed" && event.jobId === refused.jobId),
    ).toMatchObject({ error: { code: "scope_violation" } });
    expect(
      events.some((event) => event.type === "job.started" && event.jobId === refused.jobId),
    ).toBe(false);
    const [result] = resultsReadBy(client, 2);
    expect(result).toMatchObject({ name: "rebind_ticket", isError: true });
    expect(result!.text).toMatch(/cannot rebind/);
    for (const event of submitted(events)) expect(event.scope.axes).toEqual(TICKET);
  });
});
