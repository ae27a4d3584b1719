import { ThinkerDeclaration, type JobContext } from "@nucleo/core";
import type { LLMCall, ToolCallPart } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider, ToolHub, type ToolProvider, type ToolRegistry } from "@nucleo/tools";
import { beforeEach, describe, expect, it } from "vitest";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  Adder,
  jobIdOf,
  ReadOnlyAdder,
  submitted,
  withheldBy,
} from "../test-support/read-only-fixtures.js";
import { offeredNames, resultsReadBy } from "../test-support/scripted-requests.js";
import {
  addProvider,
  envelope,
  recordNoteProvider,
  RecordNote,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";

// docs/architecture.md#scope-and-the-read-only-binding: the read-only binding holds against
// hostile subclasses — hooks that skip super, overridden validation, an overridden model-turn
// seam — whether the caller sealed the scope or the thinker's class marked itself read-only.
// Its travel down delegation is in guardrail-enforcement-delegation.test.ts.

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
