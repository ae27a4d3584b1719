import {
  AbstractTool,
  ArtifactRegistry,
  defineArtifactType,
  ExternalServiceError,
  InvalidInputError,
  SystemError,
  ThinkerDeclaration,
  type RunEvent,
} from "@nucleo/core";
import { ConversationService, type Turn } from "@nucleo/conversation";
import {
  ClassToolProvider,
  ForwardingToolProvider,
  type ToolProvider,
  type ToolRegistry,
} from "@nucleo/tools";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ReactiveThinker, type ReactiveThinkerOptions } from "../shapes/reactive-thinker.js";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  addProvider,
  envelope,
  recordNoteProvider,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import { thinkerInput } from "./thinker-input.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";

const TASK = "Add the numbers you are given, using the add tool.";

function textOf(turn: Turn | undefined): string {
  return (turn?.parts ?? [])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/** A promise that opens once `parties` callers have arrived: proof they were running at once. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive(): Promise<void> {
      arrived += 1;
      if (arrived === parties) open();
      return opened;
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A tool whose `execute` is the test's function. */
function scriptedTool(name: string, run: () => unknown | Promise<unknown>): ToolProvider {
  class Scripted extends AbstractTool<{ label: string }, { label: string }> {
    readonly name = name;
    override readonly description = `The ${name} test tool.`;
    readonly input = z.object({ label: z.string() });
    readonly output = z.object({ label: z.string() });
    override readonly readOnly = true;
    async execute(input: { label: string }) {
      await run();
      return { label: input.label };
    }
  }
  return new ClassToolProvider(() => new Scripted());
}

/** Runs `onFormatted` once the loop has read the tool's output back (its result is recorded). */
class Observed extends ForwardingToolProvider {
  constructor(
    wrapped: ToolProvider,
    readonly onFormatted: () => void,
  ) {
    super(wrapped);
  }
  override formatResult(output: unknown): string {
    const text = super.formatResult(output);
    this.onFormatted();
    return text;
  }
}

/** A Summer with extra tools and guardrails of the test's choosing. */
class Guarded extends Summer {
  readonly checked: Array<{ answer: unknown; callsSoFar: number }> = [];
  constructor(
    options: ThinkerOptions,
    readonly client: ScriptedLlmClient,
    readonly guardrails: readonly ValidationGuardrail<{ total: number }>[] = [],
    tools: ToolProvider[] = [],
  ) {
    super(options);
    this.addTools(...tools);
  }
  protected override declareValidationGuardrails(): readonly ValidationGuardrail<{
    total: number;
  }>[] {
    return this.guardrails.map((guardrail) => ({
      name: guardrail.name,
      check: (answer, context) => {
        this.checked.push({ answer, callsSoFar: this.client.requests.length });
        return guardrail.check(answer, context);
      },
    }));
  }
}

const nonNegative: ValidationGuardrail<{ total: number }> = {
  name: "non_negative_total",
  check: (answer) =>
    answer.total < 0 ? { field: "total", expected: "a total of zero or more" } : undefined,
};

const Note = defineArtifactType("note", z.object({ text: z.string() }));
const ReportAnswer = z.object({ summary: z.string(), artifactRefs: z.array(z.string()) });

/** A thinker whose answer cites artifacts by ref. */
class Reporter extends SingleObjectiveThinker<
  z.infer<typeof ReportQuestion>,
  z.infer<typeof ReportAnswer>
> {
  readonly name = "reporter";
  readonly input = ReportQuestion;
  readonly output = ReportAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
  }
  protected task(): string {
    return "Summarise the notes and cite them by ref.";
  }
}
const ReportQuestion = thinkerInput({ topic: z.string() });

describe("the thinker loop", () => {
  it("runs a tool call, then accepts the answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 2, b: 3 }),
      ScriptedLlmClient.answer(envelope({ total: 5 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    await expect(dispatcher.submit(thinker, { numbers: [2, 3] })).resolves.toEqual({ total: 5 });
    const second = client.requests[1]!.request;
    expect(second.messages.at(-1)!.parts).toEqual([
      expect.objectContaining({ type: "tool_result", text: '{"sum":5}', isError: false }),
    ]);
    expect(
      thinker.transcript().turns.map((turn) => turn.toolCalls.map((call) => call.result)),
    ).toEqual([['{"sum":5}'], []]);
  });

  it("the objective goes into the task slot: the system text starts with the task", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    await dispatcher.submit(thinker, { numbers: [] });
    expect(client.requests[0]!.request.system.text.startsWith(TASK)).toBe(true);
    expect(thinker.transcript().objective).toBe(TASK);
  });

  it("a final answer is accepted and returned, in one model turn", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 7 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    await expect(dispatcher.submit(thinker, { numbers: [3, 4] })).resolves.toEqual({ total: 7 });
    expect(client.requests).toHaveLength(1);
    expect(thinker.transcript()).toMatchObject({ answered: true, answer: { total: 7 } });
  });

  it("the tool calls of one turn run in parallel, and their results come back in one message, in call order", async () => {
    const bothStarted = barrier(2);
    const secondRecorded = deferred();
    const finished: string[] = [];
    // gate_a finishes only after gate_b's result was recorded, so completion order is b, a.
    const gateA = scriptedTool("gate_a", async () => {
      await bothStarted.arrive();
      await secondRecorded.promise;
      finished.push("gate_a");
    });
    const gateB = new Observed(
      scriptedTool("gate_b", async () => {
        await bothStarted.arrive();
        finished.push("gate_b");
      }),
      () => secondRecorded.resolve(),
    );
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { id: "first", name: "gate_a", arguments: { label: "A" } },
        { id: "second", name: "gate_b", arguments: { label: "B" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Guarded({ environment }, client, [], [gateA, gateB]), {
      numbers: [],
    });
    expect(finished).toEqual(["gate_b", "gate_a"]);
    const messages = client.requests[1]!.request.messages;
    expect(messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[2]!.parts).toEqual([
      expect.objectContaining({
        type: "tool_result",
        callId: "first",
        name: "gate_a",
        text: '{"label":"A"}',
        isError: false,
      }),
      expect.objectContaining({
        type: "tool_result",
        callId: "second",
        name: "gate_b",
        text: '{"label":"B"}',
        isError: false,
      }),
    ]);
    // Run one after the other, gate_a would wait for gate_b forever: the timeout is the failure.
  }, 5_000);

  it("a guardrail's refusal becomes a correction turn naming the field and the guardrail; the next answer is accepted", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope({ total: -1 })),
      ScriptedLlmClient.answer(envelope({ total: 5 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [nonNegative]);
    await expect(dispatcher.submit(thinker, { numbers: [2, 3] })).resolves.toEqual({ total: 5 });
    expect(client.requests).toHaveLength(2);
    const correction = textOf(client.requests[1]!.request.messages.at(-1));
    expect(correction).toContain('"answer.total"');
    expect(correction).toContain("non_negative_total");
    expect(correction).toContain("a total of zero or more");
    expect(thinker.checked.map((check) => check.answer)).toEqual([{ total: -1 }, { total: 5 }]);
  });

  it("guardrails run while the conversation is still held: the refused answer and its correction are in it before the next call", async () => {
    const refused = envelope({ total: -1 });
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(refused),
      ScriptedLlmClient.answer(envelope({ total: 5 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [nonNegative]);
    await dispatcher.submit(thinker, { numbers: [2, 3] });
    // Each check ran after its own call and before any further one.
    expect(thinker.checked.map((check) => check.callsSoFar)).toEqual([1, 2]);
    const messages = client.requests[1]!.request.messages;
    expect(messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    expect(textOf(messages[1])).toBe(refused);
    expect(textOf(messages[2])).toContain("non_negative_total");
  });

  it("an async guardrail is awaited before the answer is accepted", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope({ total: -1 })),
      ScriptedLlmClient.answer(envelope({ total: 1 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const later: ValidationGuardrail<{ total: number }> = {
      name: "checked_later",
      check: async (answer) => nonNegative.check(answer, undefined as never),
    };
    await expect(
      dispatcher.submit(new Guarded({ environment }, client, [later]), { numbers: [1] }),
    ).resolves.toEqual({ total: 1 });
    expect(textOf(client.requests[1]!.request.messages.at(-1))).toContain("checked_later");
  });

  it("answer: null is no answer yet: a nudge turn, not a refusal, and no guardrail runs on it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.answer(envelope({ total: 5 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [nonNegative]);
    await expect(dispatcher.submit(thinker, { numbers: [2, 3] })).resolves.toEqual({ total: 5 });
    const nudge = textOf(client.requests[1]!.request.messages.at(-1));
    expect(nudge).toMatch(/answer was null/);
    expect(nudge).not.toMatch(/Invalid value/);
    expect(thinker.checked.map((check) => check.answer)).toEqual([{ total: 5 }]);
  });

  it("a loop that never answers ends after maxTurns with an error naming the thinker and the limit", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.toolCall("add", { a: 2, b: 2 }),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment, maxTurns: 2 });
    const failure = await dispatcher.submit(thinker, { numbers: [1, 1] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(SystemError.isInstance(failure)).toBe(true);
    expect((failure as SystemError).message).toMatch(/"summer"/);
    expect((failure as SystemError).message).toMatch(/\b2 model turns\b/);
    expect(client.requests).toHaveLength(2);
    expect(thinker.transcript().answered).toBe(false);
  });

  it("maxTurns must be a positive integer", () => {
    const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
    expect(() => new Summer({ environment, maxTurns: 0 })).toThrow(/maxTurns/);
    expect(() => new Summer({ environment, maxTurns: 1.5 })).toThrow(/maxTurns/);
  });

  it("transcript() holds every turn, every tool called with its arguments and result, the corrections, and the answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "add", arguments: { a: 2, b: 3 } },
        { name: "add", arguments: { a: 5, b: 4 } },
      ),
      ScriptedLlmClient.answer(envelope({ total: -9 })),
      ScriptedLlmClient.answer(envelope({ total: 9 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [nonNegative]);
    await dispatcher.submit(thinker, { numbers: [2, 3, 4] });
    const transcript = thinker.transcript();
    expect(transcript).toMatchObject({
      thinker: "summer",
      objective: TASK,
      prompt: '{"numbers":[2,3,4]}',
      answered: true,
      answer: { total: 9 },
    });
    expect(transcript.turns).toHaveLength(3);
    expect(transcript.turns.map((turn) => turn.turn)).toEqual([1, 2, 3]);
    expect(transcript.turns[0]!.toolCalls).toEqual([
      expect.objectContaining({
        name: "add",
        arguments: { a: 2, b: 3 },
        result: '{"sum":5}',
        isError: false,
      }),
      expect.objectContaining({
        name: "add",
        arguments: { a: 5, b: 4 },
        result: '{"sum":9}',
        isError: false,
      }),
    ]);
    expect(transcript.turns[0]!.correction).toBeUndefined();
    expect(transcript.turns[1]!.text).toBe(envelope({ total: -9 }));
    expect(transcript.turns[1]!.correction).toContain("non_negative_total");
    expect(transcript.turns[2]).toMatchObject({
      text: envelope({ total: 9 }),
      toolCalls: [],
      correction: undefined,
    });
  });

  it("transcript() holds the last run only: a durable conversation's earlier exchanges are not its turns", async () => {
    class Echo extends ReactiveThinker {
      readonly name = "echo";
      constructor(options: ReactiveThinkerOptions) {
        super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
      }
      protected instructions(): string {
        return "Answer in one word.";
      }
    }
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("one")),
      ScriptedLlmClient.answer(envelope("two")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Echo({
      environment,
      conversations: new ConversationService(),
      conversationId: "chat-1",
    });
    await dispatcher.submit(thinker, { message: "first" });
    await dispatcher.submit(thinker, { message: "second" });
    expect(client.requests[1]!.request.messages).toHaveLength(3);
    expect(thinker.transcript()).toMatchObject({ prompt: "second", answered: true, answer: "two" });
    expect(thinker.transcript().turns.map((turn) => turn.text)).toEqual([envelope("two")]);
  });

  it("a tool that fails with an InvalidInputError or ExternalServiceError gives the model an error result, and the loop goes on", async () => {
    const refusing = scriptedTool("strict_lookup", () => {
      throw new InvalidInputError({ parameter: "label", expected: "a label of the registry" });
    });
    const failing = scriptedTool("remote_lookup", () => {
      throw new ExternalServiceError({ service: "registry", step: "lookup", detail: "HTTP 503" });
    });
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "strict_lookup", arguments: { label: "x" } },
        { name: "remote_lookup", arguments: { label: "y" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 1 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [], [refusing, failing]);
    await expect(dispatcher.submit(thinker, { numbers: [1] })).resolves.toEqual({ total: 1 });
    expect(client.requests[1]!.request.messages.at(-1)!.parts).toEqual([
      expect.objectContaining({
        type: "tool_result",
        name: "strict_lookup",
        isError: true,
        text: expect.stringContaining('"label"'),
      }),
      expect.objectContaining({
        type: "tool_result",
        name: "remote_lookup",
        isError: true,
        text: expect.stringMatching(/registry.*lookup.*HTTP 503/),
      }),
    ]);
    expect(thinker.transcript().turns[0]!.toolCalls.map((call) => call.isError)).toEqual([
      true,
      true,
    ]);
  });

  it("a tool's internal failure reaches the model as an error result without the raw text of the failure", async () => {
    const broken = scriptedTool("broken_lookup", () => {
      throw new Error("CANARY-in-execute");
    });
    // A provider that fails before any job exists, while turning the arguments into one.
    class BrokenProvider extends ForwardingToolProvider {
      override readonly name = "broken_provider";
      override invoke(): never {
        throw new TypeError("CANARY-in-invoke");
      }
    }
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "broken_lookup", arguments: { label: "x" } },
        { name: "broken_provider", arguments: { label: "y" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 1 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded(
      { environment },
      client,
      [],
      [broken, new BrokenProvider(scriptedTool("broken_provider", () => undefined))],
    );
    await expect(dispatcher.submit(thinker, { numbers: [1] })).resolves.toEqual({ total: 1 });
    const results = client.requests[1]!.request.messages.at(-1)!.parts;
    expect(results.map((part) => part.type === "tool_result" && part.isError)).toEqual([
      true,
      true,
    ]);
    for (const result of results) expect(result.text).not.toContain("CANARY");
  });

  it("the artifact refs of an answer must resolve: an unknown ref is corrected by its position, never echoed", async () => {
    const artifacts = new ArtifactRegistry();
    const known = artifacts.put(Note, { text: "the hinge is new" }, "a note on the hinge");
    const client = new ScriptedLlmClient([
      // The model writes the answer in the wire's spelling, as its contract shows it.
      ScriptedLlmClient.answer(
        envelope({ summary: "see the notes", artifact_refs: [known, "note#CANARY"] }),
      ),
      ScriptedLlmClient.answer(envelope({ summary: "see the note", artifact_refs: [known] })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Reporter({ environment, artifacts });
    await expect(dispatcher.submit(thinker, { topic: "hinges" })).resolves.toEqual({
      summary: "see the note",
      artifactRefs: [known],
    });
    const correction = textOf(client.requests[1]!.request.messages.at(-1));
    expect(correction).toContain('"answer.artifact_refs[1]"');
    expect(correction).not.toContain("CANARY");
  });
});

describe("reconcile hooks", () => {
  /** A Summer whose registry hook the test observes (and may extend). */
  class Reconciling extends Summer {
    readonly seen: Array<{ callsSoFar: number; depth: string; versions: number[] }> = [];
    constructor(
      options: ThinkerOptions,
      readonly client: ScriptedLlmClient,
      readonly extra: (registry: ToolRegistry) => void = () => {},
    ) {
      super(options);
    }
    protected override reconcileToolRegistry(registry: ToolRegistry): void {
      const versions = [registry.version];
      super.reconcileToolRegistry(registry);
      this.extra(registry);
      versions.push(registry.version);
      // Run again over the state it just produced: a state-based hook changes nothing.
      super.reconcileToolRegistry(registry);
      this.extra(registry);
      versions.push(registry.version);
      this.seen.push({ callsSoFar: this.client.requests.length, depth: this.depth(), versions });
    }
  }

  it("run at the start of every turn, before that turn's call", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Reconciling({ environment }, client);
    await dispatcher.submit(thinker, { numbers: [1, 2] });
    expect(thinker.seen.map((seen) => seen.callsSoFar)).toEqual([0, 1, 2]);
  });

  it("what a hook registers is offered in the same turn", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 3 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Reconciling({ environment }, client, (registry) => registry.register(recordNoteProvider)),
      { numbers: [1, 2] },
    );
    expect(client.requests[0]!.request.tools.map((tool) => tool.name)).toContain("record_note");
  });

  it("run before the read-only sweep: a write tool a bound thinker's hook registers is withheld, and reported", async () => {
    class BoundReconciling extends Reconciling {
      override readonly readOnly = true;
    }
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 3 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new BoundReconciling({ environment }, client, (registry) =>
        registry.register(recordNoteProvider),
      ),
      { numbers: [1, 2] },
    );
    expect(client.requests[0]!.request.tools.map((tool) => tool.name)).not.toContain("record_note");
    expect(
      events
        .filter(
          (event): event is Extract<RunEvent, { type: "tool.withheld" }> =>
            event.type === "tool.withheld",
        )
        .map((event) => event.tool),
    ).toContain("record_note");
  });

  it("idempotent: the default hook run twice over the same state leaves the registry version as it was", async () => {
    for (const depth of ["THOROUGH", "QUICK"] as const) {
      const client = new ScriptedLlmClient([
        ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
        ScriptedLlmClient.answer(envelope({ total: 3 })),
      ]);
      const { dispatcher, environment } = thinkerTestRuntime(client);
      const thinker = new Reconciling({ environment }, client, (registry) =>
        registry.register(recordNoteProvider),
      );
      await dispatcher.submit(thinker, { numbers: [1, 2], depth });
      for (const { versions } of thinker.seen) expect(versions[2]).toBe(versions[1]);
      // Nothing changed between the turns, so the second turn's reconcile changed nothing either.
      expect(thinker.seen[1]!.versions).toEqual([
        thinker.seen[0]!.versions[2],
        thinker.seen[0]!.versions[2],
        thinker.seen[0]!.versions[2],
      ]);
    }
  });

  it("the palette is read afresh each turn: a provider that changes its description is offered as it now is", async () => {
    /** A provider whose description is read live (a dynamic provider). */
    const changing: ToolProvider & { text: string } = {
      name: "add",
      text: "Add two numbers.",
      get description() {
        return this.text;
      },
      inputSchema: () => addProvider.inputSchema(),
      readOnly: () => true,
      invoke: (args, context) => addProvider.invoke(args, context),
      formatResult: (output) => addProvider.formatResult(output),
    };
    class Adder extends Summer {
      constructor(options: ThinkerOptions) {
        super(options);
        this.addTools(changing);
      }
    }
    const client = new ScriptedLlmClient([
      () => {
        changing.text = "Add two numbers, exactly.";
        return ScriptedLlmClient.toolCall("add", { a: 1, b: 1 });
      },
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Adder({ environment }), { numbers: [1, 1] });
    const described = (call: number) =>
      client.requests[call]!.request.tools.find((tool) => tool.name === "add")!.description;
    expect([described(0), described(1)]).toEqual(["Add two numbers.", "Add two numbers, exactly."]);
  });
});
