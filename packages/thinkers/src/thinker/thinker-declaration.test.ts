import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { LlmEnvironment, responseContract, type LlmClient } from "@nucleo/conversation";
import {
  AbstractTool,
  InvalidInputError,
  JobDispatcher,
  ThinkerDeclaration,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type RunEvent,
} from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import {
  AbstractModelDependentTool,
  ClassToolProvider,
  type ModelDependentToolOptions,
  type ToolRegistry,
} from "@nucleo/tools";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  entry,
  ENTRIES,
  envelope,
  SumAnswer,
  SumQuestion,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import { META_PARENT_DEPTH } from "./run-metadata.js";

type LlmCall = Extract<RunEvent, { type: "llm.call" }>;

function llmCalls(events: readonly RunEvent[]): LlmCall[] {
  return events.filter((event): event is LlmCall => event.type === "llm.call");
}

function failureOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** A Summer built from whatever declaration the test hands it. */
class Declared extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "declared";
  readonly input = SumQuestion;
  readonly output = SumAnswer;
  constructor(declaration: ThinkerDeclaration, options: ThinkerOptions) {
    super(declaration, options);
  }
  protected task(): string {
    return "Add the numbers.";
  }
}

const Loud = z.object({ loud: z.string() });

/** `shout`: a one-call tool that declares no grade of its own. */
class Shout extends AbstractModelDependentTool<{ text: string }, z.infer<typeof Loud>> {
  readonly name = "shout";
  override readonly description = "Say the text louder.";
  readonly input = z.object({ text: z.string() });
  readonly output = Loud;
  override readonly readOnly = true;
  constructor(options: ModelDependentToolOptions) {
    super(options);
  }
  override requirements(input: { text: string }, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: responseContract("loud_text", Loud) },
      "Say the text louder.",
    );
  }
  async execute(_input: { text: string }, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

/** A Summer that can also shout. */
class Shouter extends Summer {
  constructor(options: ThinkerOptions, grade: ThinkerDeclaration["grade"] = "MEDIUM") {
    super(options, grade);
    this.addTools(new ClassToolProvider(() => new Shout({ environment: options.environment })));
  }
}

function shoutingScript(): ScriptedLlmClient {
  return new ScriptedLlmClient([
    ScriptedLlmClient.toolCall("shout", { text: "hi" }),
    ScriptedLlmClient.json({ loud: "HI" }),
    ScriptedLlmClient.answer(envelope({ total: 0 })),
  ]);
}

/** `depth_probe`: reports the parent depth its thinker handed it. */
class DepthProbe extends AbstractTool<Record<string, never>, { ok: boolean }> {
  static readonly seen: unknown[] = [];
  readonly name = "depth_probe";
  override readonly description = "Report the depth you were given.";
  readonly input = z.object({});
  readonly output = z.object({ ok: z.boolean() });
  override readonly readOnly = true;
  execute(_input: Record<string, never>, _resources: JobResources, context: JobContext) {
    DepthProbe.seen.push(context.metadata[META_PARENT_DEPTH]);
    return { ok: true };
  }
}

describe("what a thinker declares", () => {
  it("a ThinkerDeclaration has no defaults: one without an output size is refused naming ThinkerDeclaration.output", () => {
    // @ts-expect-error -- the output size is required, so this does not compile
    const missingOutput = failureOf(() => ThinkerDeclaration.of({ grade: "MEDIUM" }));
    expect(InvalidInputError.isInstance(missingOutput)).toBe(true);
    expect((missingOutput as InvalidInputError).parameter).toBe("ThinkerDeclaration.output");
    // @ts-expect-error -- so is the grade
    const missingGrade = failureOf(() => ThinkerDeclaration.of({ output: "COMPACT" }));
    expect((missingGrade as InvalidInputError).parameter).toBe("ThinkerDeclaration.grade");
  });

  it("every thinker is built with a checked declaration: the constructor refuses an incomplete one", () => {
    const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
    const refused = failureOf(
      () => new Declared({ grade: "MEDIUM" } as ThinkerDeclaration, { environment }),
    );
    expect(InvalidInputError.isInstance(refused)).toBe(true);
    expect((refused as InvalidInputError).parameter).toBe("ThinkerDeclaration.output");
    const thinker = new Declared({ grade: "LARGE", output: "EXTENDED" }, { environment });
    expect(thinker.declaration).toEqual({ grade: "LARGE", output: "EXTENDED" });
    expect(thinker.grade()).toBe("LARGE");
  });

  it("CEILING resolves through the picker: XL where the deployment pins no MEGA entry, even with one in the catalog", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client, [
      ...ENTRIES,
      entry("mega", "MEGA"),
    ]);
    await dispatcher.submit(new Summer({ environment }, "CEILING"), { numbers: [] });
    expect(client.requests[0]!.binding.entry.id).toBe("xl");
  });

  it("CEILING resolves to MEGA where the deployment pins one", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
    const admission = new CatalogAdmission({
      catalog: parseCatalog([...ENTRIES, entry("mega", "MEGA")], "declaration-test"),
      policy: { megaEntry: "mega" },
      clock: time,
      timers: time,
    });
    const dispatcher = new JobDispatcher({ admission, clock: time, timers: time });
    const environment = LlmEnvironment.from(admission, { openai: client as LlmClient }, time);
    await dispatcher.submit(new Summer({ environment }, "CEILING"), { numbers: [] });
    expect(client.requests[0]!.binding.entry.id).toBe("mega");
  });

  it("setGrade raises the grade for a run: the calls go to a stronger entry", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    thinker.setGrade("LARGE");
    expect(thinker.grade()).toBe("LARGE");
    await dispatcher.submit(thinker, { numbers: [1, 1] });
    expect(client.requests.map((request) => request.binding.entry.id)).toEqual(["large", "large"]);
  });

  it("setGrade refuses to lower the grade below the declaration", () => {
    const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
    const thinker = new Summer({ environment }, "LARGE");
    const refused = failureOf(() => thinker.setGrade("SMALL"));
    expect(InvalidInputError.isInstance(refused)).toBe(true);
    expect((refused as InvalidInputError).parameter).toBe("grade");
    expect(thinker.grade()).toBe("LARGE");
    const ceiling = new Summer({ environment }, "CEILING");
    expect(InvalidInputError.isInstance(failureOf(() => ceiling.setGrade("LARGE")))).toBe(true);
    expect(ceiling.grade()).toBe("CEILING");
    thinker.setGrade("CEILING");
    expect(thinker.grade()).toBe("CEILING");
  });

  it("a pin (the pin option) reaches every model call of the thinker and of the one-call tools it creates without a grade", async () => {
    const client = shoutingScript();
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Shouter({ environment, pin: "large" }), { numbers: [] });
    const calls = llmCalls(events);
    expect(calls.map((call) => `${call.jobClass}:${call.entryId}`)).toEqual([
      "LLMCall:large",
      "Shout:large",
      "LLMCall:large",
    ]);
  });

  it("a pin set with pinModel reaches every model call of the thinker and of its gradeless one-call tools", async () => {
    const client = shoutingScript();
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const thinker = new Shouter({ environment });
    thinker.pinModel("xl");
    expect(thinker.pinnedModel()).toBe("xl");
    await dispatcher.submit(thinker, { numbers: [] });
    expect(llmCalls(events).map((call) => call.entryId)).toEqual(["xl", "xl", "xl"]);
  });

  it("a one-call tool that declares no grade works at its thinker's grade", async () => {
    const client = shoutingScript();
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Shouter({ environment }, "LARGE"), { numbers: [] });
    expect(llmCalls(events).map((call) => `${call.jobClass}:${call.entryId}`)).toEqual([
      "LLMCall:large",
      "Shout:large",
      "LLMCall:large",
    ]);
  });

  it("setOutputBudget(n) sets the per-turn max_tokens; the last one set wins", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    thinker.setOutputBudget(1_000);
    thinker.setOutputBudget(1_234);
    expect(thinker.declaration.output).toEqual({ tokens: 1_234 });
    await dispatcher.submit(thinker, { numbers: [1, 1] });
    expect(client.requests.map((request) => request.binding.maxOutputTokens)).toEqual([
      1_234, 1_234,
    ]);
  });

  it("without setOutputBudget the declared rung sizes every turn", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [] });
    expect(client.requests[0]!.binding.maxOutputTokens).toBe(4_096);
  });

  it("setOutputBudget refuses a budget that is not a positive integer", () => {
    const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
    const thinker = new Summer({ environment });
    expect(InvalidInputError.isInstance(failureOf(() => thinker.setOutputBudget(0)))).toBe(true);
    expect(InvalidInputError.isInstance(failureOf(() => thinker.setOutputBudget(2.5)))).toBe(true);
    expect(thinker.declaration.output).toBe("COMPACT");
  });
});

describe("the depth of a run", () => {
  it("the input's depth is clamped to the parent's (META_PARENT_DEPTH)", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    await dispatcher.submit(
      thinker,
      { numbers: [], depth: "THOROUGH" },
      { metadata: { [META_PARENT_DEPTH]: "QUICK" } },
    );
    expect(thinker.depth()).toBe("QUICK");
    expect(client.requests[0]!.binding.depth).toBe("QUICK");
  });

  it("a child may work at less depth than its parent, and without a parent at the depth it asks for", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope({ total: 0 })),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    await dispatcher.submit(
      thinker,
      { numbers: [], depth: "QUICK" },
      { metadata: { [META_PARENT_DEPTH]: "THOROUGH" } },
    );
    expect(thinker.depth()).toBe("QUICK");
    await dispatcher.submit(thinker, { numbers: [], depth: "THOROUGH" });
    expect(thinker.depth()).toBe("THOROUGH");
    await dispatcher.submit(thinker, { numbers: [] });
    expect(thinker.depth()).toBe("STANDARD");
  });

  it("a thinker hands its own depth to the children it submits", async () => {
    DepthProbe.seen.length = 0;
    class Probing extends Summer {
      constructor(options: ThinkerOptions) {
        super(options);
        this.addTools(new ClassToolProvider(() => new DepthProbe()));
      }
    }
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("depth_probe", {}),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Probing({ environment }),
      { numbers: [], depth: "THOROUGH" },
      { metadata: { [META_PARENT_DEPTH]: "QUICK" } },
    );
    expect(DepthProbe.seen).toEqual(["QUICK"]);
  });

  it("the reconcile hook reads the depth of the run at every turn", async () => {
    class DepthWatcher extends Summer {
      readonly seen: string[] = [];
      protected override reconcileToolRegistry(registry: ToolRegistry): void {
        this.seen.push(this.depth());
        super.reconcileToolRegistry(registry);
      }
    }
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new DepthWatcher({ environment });
    await dispatcher.submit(thinker, { numbers: [1, 1], depth: "THOROUGH" });
    await dispatcher.submit(thinker, { numbers: [1, 1], depth: "QUICK" });
    expect(thinker.seen).toEqual(["THOROUGH", "THOROUGH", "QUICK", "QUICK"]);
    // The default hook keeps sub_thinker at STANDARD and above and removes it below.
    const offered = client.requests.map((request) =>
      request.request.tools.some((tool) => tool.name === "sub_thinker"),
    );
    expect(offered).toEqual([true, true, false, false]);
  });
});
