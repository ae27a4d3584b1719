import {
  AbstractTool,
  ArtifactRegistry,
  defineArtifactType,
  ThinkerDeclaration,
  type Depth,
  type RunEvent,
} from "@nucleo/core";
import type { ToolDefinition, ToolResultPart } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import {
  ClassToolProvider,
  ForwardingToolProvider,
  ToolHub,
  type Skill,
  type ToolCreationContext,
  type ToolInvocation,
  type ToolProvider,
} from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  entry,
  envelope,
  Summer,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";

const Note = defineArtifactType("note", z.object({ text: z.string() }));

/** `put_note({text})`: registers a note artifact in the registry it was built over. */
class PutNote extends AbstractTool<{ text: string }, { ref: string }> {
  readonly name = "put_note";
  override readonly description = "Keep a note as an artifact.";
  readonly input = z.object({ text: z.string() });
  readonly output = z.object({ ref: z.string() });
  constructor(readonly registry: ArtifactRegistry) {
    super();
  }
  execute(input: { text: string }) {
    return { ref: this.registry.put(Note, input, `a note of ${input.text.length} characters`) };
  }
}

const Operands = z.object({ a: z.number(), b: z.number() });
type Operands = z.infer<typeof Operands>;

class Multiply extends AbstractTool<Operands, { result: number }> {
  readonly name: string = "multiply";
  override readonly description: string = "Multiply two numbers.";
  override readonly readOnly = true;
  readonly input = Operands;
  readonly output = z.object({ result: z.number() });
  execute(input: Operands) {
    return { result: input.a * input.b };
  }
}

class Divide extends Multiply {
  override readonly name = "divide";
  override readonly description = "Divide two numbers.";
  override execute(input: Operands) {
    return { result: input.a / input.b };
  }
}

/** Counts the calls made through this very instance. */
class Counting extends ForwardingToolProvider {
  invocations = 0;
  override invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    context: ToolCreationContext,
  ): ToolInvocation {
    this.invocations += 1;
    return super.invoke(wireArguments, context);
  }
}

/**
 * `put_note` as a thinker offers it: each call registers into the artifacts of the thinker
 * making it (the creation context's), so a delegate's notes land in the delegate's registry and
 * its answer can cite them.
 */
const contextualPutNote = new ClassToolProvider(
  (context) => new PutNote(context.artifacts ?? new ArtifactRegistry()),
);

/** A summer that can keep notes; its delegates inherit the provider. */
class NoteKeeper extends Summer {
  constructor(options: ThinkerOptions) {
    super(options);
    this.addTools(contextualPutNote);
  }
}

/** A thinker with no tools of its own. */
class Bare extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "bare";
  readonly input = SumQuestion;
  readonly output = SumAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
  }
  protected task(): string {
    return "Add the numbers in your head.";
  }
}

const delegate = (objective: string, artifactRefs: string[] = [], depth?: Depth) =>
  ScriptedLlmClient.toolCall("sub_thinker", {
    objective,
    artifact_refs: artifactRefs,
    ...(depth ? { depth } : {}),
  });
const delegateAnswers = (summary: string, artifactRefs: string[] = []) =>
  ScriptedLlmClient.answer(
    envelope({
      summary,
      reasoning: { approach: "worked it through", steps: ["one step"] },
      artifactRefs,
    }),
  );
const sumAnswer = (total: number) => ScriptedLlmClient.answer(envelope({ total }));

function offered(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.tools.map((tool) => tool.name).sort();
}

function door(client: ScriptedLlmClient, call: number, name: string): ToolDefinition | undefined {
  return client.requests[call]!.request.tools.find((tool) => tool.name === name);
}

/** The names a catalog door enumerates in its `field`. */
function enumerated(definition: ToolDefinition | undefined, field: string): string[] {
  const property = (
    definition?.inputSchema.properties as
      | Record<string, { items: { oneOf: { const: string }[] } }>
      | undefined
  )?.[field];
  return property?.items.oneOf.map((choice) => choice.const) ?? [];
}

function lastMessageText(client: ScriptedLlmClient, call: number): string {
  return client.requests[call]!.request.messages.at(-1)!
    .parts.map((part) => part.text)
    .join("\n");
}

function resultsReadBy(client: ScriptedLlmClient, call: number): ToolResultPart[] {
  return client.requests[call]!.request.messages.at(-1)!.parts.filter(
    (part): part is ToolResultPart => part.type === "tool_result",
  );
}

function delegateJobs(events: readonly RunEvent[]): string[] {
  return events
    .filter((event) => event.type === "job.submitted" && event.jobName === "sub_thinker")
    .map((event) => event.jobId);
}

/** The model calls a job made itself (its `llm_call` children). */
function llmCallsOf(events: readonly RunEvent[], jobId: string) {
  const calls = new Set(
    events
      .filter(
        (event) =>
          event.type === "job.submitted" &&
          event.parentId === jobId &&
          event.jobName === "llm_call",
      )
      .map((event) => event.jobId),
  );
  return {
    entries: events.flatMap((event) =>
      event.type === "llm.call" && calls.has(event.jobId) ? [event.entryId] : [],
    ),
    grades: events.flatMap((event) =>
      event.type === "seat.reserved" && calls.has(event.jobId) ? [event.grade] : [],
    ),
  };
}

describe("sub_thinker is offered by depth", () => {
  it("is registered on every thinker, even one that declares no tools", async () => {
    const client = new ScriptedLlmClient([sumAnswer(0)]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Bare({ environment }), { numbers: [] });
    expect(offered(client, 0)).toEqual(["sub_thinker"]);
  });

  it("is offered at STANDARD and THOROUGH and removed at QUICK and IMMEDIATE, read from each run's input depth", async () => {
    const client = new ScriptedLlmClient([
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    const depths: Depth[] = ["IMMEDIATE", "STANDARD", "QUICK", "THOROUGH"];
    for (const depth of depths) await dispatcher.submit(thinker, { numbers: [], depth });
    await dispatcher.submit(thinker, { numbers: [] });
    expect(depths.map((_, call) => offered(client, call).includes("sub_thinker"))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(offered(client, 4)).toContain("sub_thinker");
  });

  it("lets a sub-thinker delegate further only at THOROUGH", async () => {
    const client = new ScriptedLlmClient([
      delegate("Work hard on it.", [], "THOROUGH"),
      delegateAnswers("done"),
      delegate("Work on it.", [], "STANDARD"),
      delegateAnswers("done"),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [], depth: "THOROUGH" });
    expect(client.requests[1]!.binding.depth).toBe("THOROUGH");
    expect(offered(client, 1)).toContain("sub_thinker");
    expect(client.requests[3]!.binding.depth).toBe("STANDARD");
    expect(offered(client, 3)).not.toContain("sub_thinker");
  });

  it("clamps the delegate's depth to its parent's", async () => {
    const client = new ScriptedLlmClient([
      delegate("Work hard on it.", [], "THOROUGH"),
      delegateAnswers("done"),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [] });
    expect(client.requests[0]!.binding.depth).toBe("STANDARD");
    expect(client.requests[1]!.binding.depth).toBe("STANDARD");
    expect(offered(client, 1)).not.toContain("sub_thinker");
  });
});

describe("the delegate's seat", () => {
  it("works at its parent's grade, raised for the run", async () => {
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const parent = new Summer({ environment });
    parent.setGrade("LARGE");
    await dispatcher.submit(parent, { numbers: [2, 2] });
    const [delegateJob] = delegateJobs(events);
    expect(llmCallsOf(events, delegateJob!)).toEqual({ entries: ["large"], grades: ["LARGE"] });
  });

  it("works at its parent's pin", async () => {
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const parent = new Summer({ environment, pin: "xl" });
    await dispatcher.submit(parent, { numbers: [2, 2] });
    const [delegateJob] = delegateJobs(events);
    expect(llmCallsOf(events, delegateJob!).entries).toEqual(["xl"]);
    expect(client.requests.map((request) => request.binding.entry.id)).toEqual(["xl", "xl", "xl"]);
  });

  it("declares its own output budget, sized to its answer, whatever its parent's", async () => {
    // A ceiling above every rung, so the budgets show as declared.
    const roomy = [entry("medium", "MEDIUM", { outputCeiling: 64_000 })];
    const client = new ScriptedLlmClient([
      delegate("Add 2 and 2."),
      delegateAnswers("4"),
      sumAnswer(4),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client, roomy);
    const parent = new Summer({ environment });
    parent.setOutputBudget(1_234);
    await dispatcher.submit(parent, { numbers: [2, 2] });
    expect(client.requests.map((request) => request.binding.maxOutputTokens)).toEqual([
      1_234, 16_384, 1_234,
    ]);
  });
});

describe("what the delegate inherits", () => {
  it("inherits its parent's provider instances, one granted during the run included, but not its doors", async () => {
    const multiply = new Counting(new ClassToolProvider(() => new Multiply()));
    const hub = new ToolHub().addCompatibleTools(multiply);
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("request_tools", { tool_names: ["multiply"] }), // parent
      delegate("Multiply 3 by 4."), // parent
      ScriptedLlmClient.toolCall("multiply", { a: 3, b: 4 }), // delegate
      delegateAnswers("12"), // delegate
      sumAnswer(12), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    expect(offered(client, 2)).toEqual(["add", "multiply"]);
    expect(resultsReadBy(client, 3)).toEqual([
      expect.objectContaining({ name: "multiply", text: '{"result":12}', isError: false }),
    ]);
    expect(multiply.invocations).toBe(1);
  });

  it("offers through its own doors exactly the catalogs its parent's doors offered at launch", async () => {
    const hub = new ToolHub()
      .addCompatibleTools(
        new ClassToolProvider(() => new Multiply()),
        new ClassToolProvider(() => new Divide()),
      )
      .addSkills(
        { name: "careful_sums", description: "Add with care.", text: "CAREFUL" },
        { name: "loose_sums", description: "Add loosely.", text: "LOOSE" },
      );
    class Picky extends Summer {
      protected override reconcileCompatibleTools(
        catalog: ReadonlyMap<string, ToolProvider>,
      ): ReadonlyMap<string, ToolProvider> {
        return new Map([...catalog].filter(([name]) => name !== "divide"));
      }
      protected override reconcileSkillCatalog(
        catalog: ReadonlyMap<string, Skill>,
      ): ReadonlyMap<string, Skill> {
        return new Map([...catalog].filter(([name]) => name !== "loose_sums"));
      }
    }
    const client = new ScriptedLlmClient([
      delegate("Multiply 3 by 4."), // parent
      ScriptedLlmClient.toolCall("request_tools", { tool_names: ["multiply"] }), // delegate
      ScriptedLlmClient.toolCall("multiply", { a: 3, b: 4 }), // delegate
      delegateAnswers("12"), // delegate
      sumAnswer(12), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Picky({ environment, hub }), { numbers: [] });

    expect(enumerated(door(client, 0, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_skill"), "skill_names")).toEqual(["careful_sums"]);
    // The grant went to the delegate's own palette, not to its parent's.
    expect(offered(client, 2)).toContain("multiply");
    expect(offered(client, 4)).not.toContain("multiply");
  });

  it("captures its parent's catalogs at launch: what the hub gains afterwards is not offered", async () => {
    const hub = new ToolHub()
      .addCompatibleTools(new ClassToolProvider(() => new Multiply()))
      .addSkills({ name: "careful_sums", description: "Add with care.", text: "CAREFUL" });
    const client = new ScriptedLlmClient([
      () => {
        // The parent's turn is already reconciled when its model answers; the hub grows now.
        hub.addCompatibleTools(new ClassToolProvider(() => new Divide()));
        hub.addSkills({ name: "loose_sums", description: "Add loosely.", text: "LOOSE" });
        return delegate("Multiply 3 by 4.");
      },
      delegateAnswers("12"),
      sumAnswer(12),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    expect(enumerated(door(client, 1, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_skill"), "skill_names")).toEqual(["careful_sums"]);
    // The parent itself offers the grown catalog from its next turn.
    expect(enumerated(door(client, 2, "request_tools"), "tool_names")).toEqual([
      "multiply",
      "divide",
    ]);
  });
});

describe("artifacts across the delegation", () => {
  function parentWithNotes() {
    const artifacts = new ArtifactRegistry();
    const alpha = artifacts.put(Note, { text: "ALPHA-VALUE" }, "the alpha note");
    const beta = artifacts.put(Note, { text: "BETA-VALUE" }, "the beta note");
    return { artifacts, alpha, beta };
  }

  it("seeds the delegate only with the artifacts its input lists by ref, not one its objective merely mentions", async () => {
    const { artifacts, alpha, beta } = parentWithNotes();
    const client = new ScriptedLlmClient([
      delegate(`Compare ${alpha} with ${beta}.`, [alpha]), // parent
      delegateAnswers("compared", [beta]), // delegate: beta was never conveyed
      delegateAnswers("compared", [alpha]), // delegate
      sumAnswer(0), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, artifacts }), { numbers: [] });

    const seeded = lastMessageText(client, 1);
    expect(seeded).toContain(`${alpha} (note): the alpha note`);
    expect(seeded).not.toContain("the beta note");
    expect(lastMessageText(client, 2)).toContain('"answer.artifact_refs[0]"');
  });

  it("refuses an unknown ref as correctable without echoing it, and launches nothing", async () => {
    const canary = "note#canary_5e1d";
    const client = new ScriptedLlmClient([delegate("Look at it.", [canary]), sumAnswer(0)]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [] });
    const [result] = resultsReadBy(client, 1);
    expect(result).toMatchObject({ name: "sub_thinker", isError: true });
    expect(result!.text).toContain('"artifact_refs[0]"');
    expect(result!.text).not.toContain("canary");
    expect(delegateJobs(events)).toEqual([]);
  });

  it("a delegate's tools register into the delegate's artifacts; it cites them, the parent adopts them and reads them as ref, type and summary", async () => {
    const { artifacts, alpha } = parentWithNotes();
    const client = new ScriptedLlmClient([
      delegate("Write a note on the alpha note.", [alpha]), // parent
      ScriptedLlmClient.toolCall("put_note", { text: "GAMMA-SECRET-VALUE" }), // delegate
      delegateAnswers("wrote a note", ["note#3", alpha]), // delegate
      sumAnswer(0), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new NoteKeeper({ environment, artifacts }), { numbers: [] });

    expect(resultsReadBy(client, 2)).toEqual([
      expect.objectContaining({ text: '{"ref":"note#3"}' }),
    ]);
    expect(artifacts.get("note#3")).toMatchObject({
      summary: "a note of 18 characters",
      value: { text: "GAMMA-SECRET-VALUE" },
    });
    const [result] = resultsReadBy(client, 3);
    expect(result).toMatchObject({ name: "sub_thinker", isError: false });
    expect(JSON.parse(result!.text)).toEqual({
      summary: "wrote a note",
      reasoning: { approach: "worked it through", steps: ["one step"] },
      artifact_refs: [
        { ref: "note#3", type: "note", summary: "a note of 18 characters" },
        { ref: alpha, type: "note", summary: "the alpha note" },
      ],
    });
    expect(result!.text).not.toContain("SECRET");
  });
});
