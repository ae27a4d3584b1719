import {
  AbstractDoer,
  AbstractTool,
  ThinkerDeclaration,
  type JobContext,
  type RunEvent,
} from "@nucleo/core";
import type { LLMCall, ToolCallPart, ToolResultPart } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import {
  ClassToolProvider,
  ForwardingToolProvider,
  ToolHub,
  type ToolProvider,
  type ToolRegistry,
} from "@nucleo/tools";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  Add,
  AddInput,
  addProvider,
  envelope,
  recordNoteProvider,
  RecordNote,
  Summer,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";

// docs/architecture.md#scope-and-the-read-only-binding: the read-only binding holds against
// hostile subclasses, travels down every generation of delegation, and a delegate carries its
// parent's scope without being able to widen it.

const TICKET = { ticket: "T-1" } as const;
const SEALED = { axes: TICKET, readOnly: true } as const;

function offeredNames(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.tools.map((tool) => tool.name).sort();
}

/** The results the model read on call `call` (the tool results of the turn before it). */
function resultsReadBy(client: ScriptedLlmClient, call: number): ToolResultPart[] {
  return client.requests[call]!.request.messages.at(-1)!.parts.filter(
    (part): part is ToolResultPart => part.type === "tool_result",
  );
}

function submitted(events: readonly RunEvent[]) {
  return events.filter((event) => event.type === "job.submitted");
}

function withheldBy(events: readonly RunEvent[], jobId: string): string[] {
  return events
    .flatMap((event) =>
      event.type === "tool.withheld" && event.jobId === jobId ? [event.tool] : [],
    )
    .sort();
}

function jobIdOf(events: readonly RunEvent[], jobName: string): string {
  const found = submitted(events).find((event) => event.jobName === jobName);
  if (!found) throw new Error(`no ${jobName} was submitted`);
  return found.jobId;
}

/** Adds numbers with `add` and whatever other tools it is given, under the name it is given. */
class Adder extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly input = SumQuestion;
  readonly output = SumAnswer;

  constructor(
    readonly name: string,
    options: ThinkerOptions,
    ...tools: ToolProvider[]
  ) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider, ...tools);
  }

  protected task(): string {
    return "Add the numbers you are given, using the add tool.";
  }
}

/** An adder marked read-only by its class. */
class ReadOnlyAdder extends Adder {
  override readonly readOnly = true;
}

beforeEach(() => {
  RecordNote.saved.length = 0;
});

describe("a hostile subclass cannot drop the read-only binding", () => {
  /** Registers a writing tool from its hook without chaining super, and accepts every call. */
  class Hostile extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
    readonly name = "hostile";
    readonly input = SumQuestion;
    readonly output = SumAnswer;
    readonly validated: string[] = [];

    constructor(options: ThinkerOptions) {
      super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
      this.addTools(addProvider);
    }

    protected override reconcileToolRegistry(registry: ToolRegistry): void {
      registry.register(recordNoteProvider);
    }

    protected override validateToolCall(call: ToolCallPart, _provider: ToolProvider): void {
      this.validated.push(call.name);
    }

    protected task(): string {
      return "Add the numbers and note the total.";
    }
  }

  it("withholds a writing tool a hook registered without super, and refuses its call whatever validateToolCall says", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("record_note", { text: "leak" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const thinker = new Hostile({ environment });
    await expect(
      dispatcher.submit(thinker, { numbers: [] }, { scope: { readOnly: true } }),
    ).resolves.toEqual({ total: 0 });

    expect(offeredNames(client, 0)).toEqual(["add"]);
    const [refusal] = resultsReadBy(client, 1);
    expect(refusal).toMatchObject({ name: "record_note", isError: true });
    expect(refusal!.text).toContain('"tool_call.name"');
    expect(RecordNote.saved).toEqual([]);
    expect(submitted(events).some((event) => event.jobName === "record_note")).toBe(false);
    // The admission check ran before the hook: the hook never even saw the call.
    expect(thinker.validated).toEqual([]);
    expect(withheldBy(events, jobIdOf(events, "hostile"))).toEqual(["record_note", "sub_thinker"]);
  });

  it("binds a thinker marked read-only even when its caller's scope is writable, and seals its children read-only", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 2, b: 3 }),
      ScriptedLlmClient.answer(envelope({ total: 5 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new ReadOnlyAdder("read_only_summer", { environment }, recordNoteProvider),
      { numbers: [2, 3] },
    );

    // The dispatcher sealed read-only onto the thinker's own scope, not only its children's.
    const [own, ...children] = submitted(events);
    expect(own).toMatchObject({ jobName: "read_only_summer", scope: { readOnly: true } });
    expect(offeredNames(client, 0)).toEqual(["add"]);
    expect(withheldBy(events, own!.jobId)).toEqual(["record_note", "sub_thinker"]);
    // The tools it calls are sealed read-only (its model calls submit no children of their own).
    const tools = children.filter((event) => event.jobName !== "llm_call");
    expect(tools).toEqual([
      expect.objectContaining({
        jobName: "add",
        parentId: own!.jobId,
        scope: { axes: {}, readOnly: true },
      }),
    ]);
  });

  it("a thinker marked read-only shows its hooks, guardrails and every child (its model calls too) the read-only scope", async () => {
    const seen: Array<[string, boolean]> = [];
    class Watched extends ReadOnlyAdder {
      protected override declareValidationGuardrails() {
        return [
          {
            name: "watch",
            check: (_answer: SumAnswer, context: { scope: { readOnly: boolean } }) =>
              void seen.push(["guardrail", context.scope.readOnly]),
          },
        ];
      }
    }
    const hub = new ToolHub()
      .addSkills({
        name: "careful_sums",
        description: "Check sums twice.",
        text: "Check every sum twice.",
      })
      .registerSkillAdmission(
        (_skill, context) => void seen.push(["skill rule", context.scope.readOnly]),
      );
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("request_skill", { skill_names: ["careful_sums"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Watched("watched", { environment, hub }), { numbers: [] });

    expect(seen).toEqual([
      ["skill rule", true],
      ["guardrail", true],
    ]);
    const [own, ...children] = submitted(events);
    expect(own!.scope.readOnly).toBe(true);
    expect(children.map((event) => [event.jobName, event.scope.readOnly])).toEqual([
      ["llm_call", true],
      ["request_skill", true],
      ["llm_call", true],
    ]);
  });

  it("binds a thinker marked read-only at the agent-as-tool edge, under a writable parent", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("read_only_summer", { numbers: [1, 1] }),
      ScriptedLlmClient.toolCalls(
        { name: "add", arguments: { a: 1, b: 1 } },
        { name: "record_note", arguments: { text: "leak" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const readOnlyTool = new ClassToolProvider(
      () => new ReadOnlyAdder("read_only_summer", { environment }, recordNoteProvider),
    );
    await dispatcher.submit(new Adder("lead", { environment }, readOnlyTool), { numbers: [1, 1] });

    // The lead is writable and offers its writers; the read-only tool binds itself all the same.
    expect(offeredNames(client, 0)).toEqual(["add", "read_only_summer", "sub_thinker"]);
    expect(offeredNames(client, 1)).toEqual(["add"]);
    expect(resultsReadBy(client, 2)).toEqual([
      expect.objectContaining({ name: "add", isError: false }),
      expect.objectContaining({ name: "record_note", isError: true }),
    ]);
    expect(RecordNote.saved).toEqual([]);
    const bound = jobIdOf(events, "read_only_summer");
    const tools = submitted(events).filter(
      (event) => event.parentId === bound && event.jobName !== "llm_call",
    );
    expect(tools).toEqual([
      expect.objectContaining({ jobName: "add", scope: { axes: {}, readOnly: true } }),
    ]);
  });
});

describe("the read-only binding holds on every path", () => {
  it("an overridden model-turn seam that submits a writing tool itself is refused at the dispatcher's door", async () => {
    class Sneaky extends Adder {
      protected override async submitThinkingCall(call: LLMCall, context: JobContext) {
        await context
          .submitInCurrentStep(new RecordNote(), { text: "smuggled" })
          .catch(() => undefined);
        return super.submitThinkingCall(call, context);
      }
    }
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Sneaky("sneaky", { environment }),
      { numbers: [] },
      { scope: { readOnly: true } },
    );
    expect(RecordNote.saved).toEqual([]);
    expect(
      events.some((event) => event.type === "job.failed" && event.error.code === "scope_violation"),
    ).toBe(true);
  });

  it("a thinker marked read-only, started by a writable caller, sees the read-only scope in its own seam, and a writing tool its overridden submitThinkingCall submits is refused", async () => {
    const seen: boolean[] = [];
    class SneakyReader extends ReadOnlyAdder {
      protected override async submitThinkingCall(call: LLMCall, context: JobContext) {
        seen.push(context.scope.readOnly);
        await context
          .submitInCurrentStep(new RecordNote(), { text: "smuggled" })
          .catch(() => undefined);
        return super.submitThinkingCall(call, context);
      }
    }
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new SneakyReader("sneaky_reader", { environment }), { numbers: [] }),
    ).resolves.toEqual({ total: 0 });
    expect(seen).toEqual([true]);
    expect(RecordNote.saved).toEqual([]);
    const smuggled = submitted(events).find((event) => event.jobName === "record_note")!;
    expect(
      events.find((event) => event.type === "job.failed" && event.jobId === smuggled.jobId),
    ).toMatchObject({ error: { code: "scope_violation" } });
    expect(
      events.some((event) => event.type === "job.started" && event.jobId === smuggled.jobId),
    ).toBe(false);
  });
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
