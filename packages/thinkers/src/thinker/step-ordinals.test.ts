import {
  AbstractOrchestrator,
  AbstractTool,
  type JobContext,
  type JobResources,
  type RunEvent,
} from "@nucleo/core";
import { ClassToolProvider } from "@nucleo/tools";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";

type Submitted = Extract<RunEvent, { type: "job.submitted" }>;

/** The children of `parentId`, as `name:ordinal`, in submission order. */
function childrenOf(events: readonly RunEvent[], parentId: string): string[] {
  return events
    .filter(
      (event): event is Submitted => event.type === "job.submitted" && event.parentId === parentId,
    )
    .map((event) => `${event.jobName}:${event.ordinal}`);
}

/** `probe`: reports the step ordinal seeded into its context. */
class Probe extends AbstractTool<{ label: string }, { label: string }> {
  static readonly seen: Array<{ label: string; iteration: unknown }> = [];
  readonly name = "probe";
  override readonly description = "Report where you ran.";
  readonly input = z.object({ label: z.string() });
  readonly output = z.object({ label: z.string() });
  override readonly readOnly = true;
  execute(input: { label: string }, _resources: JobResources, context: JobContext) {
    Probe.seen.push({
      label: input.label,
      iteration: context.metadata[AbstractOrchestrator.META_ITERATION],
    });
    return { label: input.label };
  }
}

class ProbingSummer extends Summer {
  constructor(
    options: ThinkerOptions,
    readonly guardrails: readonly ValidationGuardrail<{ total: number }>[] = [],
  ) {
    super(options);
    this.addTools(new ClassToolProvider(() => new Probe()));
  }
  protected override declareValidationGuardrails(): readonly ValidationGuardrail<{
    total: number;
  }>[] {
    return this.guardrails;
  }
}

describe("step ordinals of a thinker", () => {
  it("each agentic turn's llm_call and the tools it requested carry that turn's number", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "add", arguments: { a: 1, b: 2 } },
        { name: "add", arguments: { a: 3, b: 4 } },
      ),
      ScriptedLlmClient.toolCall("add", { a: 3, b: 7 }),
      ScriptedLlmClient.answer(envelope({ total: 10 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const handle = dispatcher.submit(new Summer({ environment }), { numbers: [1, 2, 3, 4] });
    await handle;
    expect(childrenOf(events, handle.id)).toEqual([
      "llm_call:1",
      "add:1",
      "add:1",
      "llm_call:2",
      "add:2",
      "llm_call:3",
    ]);
  });

  it("the turn's number is seeded into each tool's context under META_ITERATION", async () => {
    Probe.seen.length = 0;
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "probe", arguments: { label: "a" } },
        { name: "probe", arguments: { label: "b" } },
      ),
      ScriptedLlmClient.toolCall("probe", { label: "c" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new ProbingSummer({ environment }), { numbers: [] });
    expect(Probe.seen).toEqual([
      { label: "a", iteration: 1 },
      { label: "b", iteration: 1 },
      { label: "c", iteration: 2 },
    ]);
  });

  it("a correction turn takes the next number too: the turn count, not the tool count, numbers the calls", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.answer(envelope({ total: -1 })),
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const positive: ValidationGuardrail<{ total: number }> = {
      name: "positive_total",
      check: (answer) =>
        answer.total < 0 ? { field: "total", expected: "zero or more" } : undefined,
    };
    const thinker = new ProbingSummer({ environment }, [positive]);
    const handle = dispatcher.submit(thinker, { numbers: [1, 1] });
    await handle;
    expect(childrenOf(events, handle.id)).toEqual([
      "llm_call:1",
      "llm_call:2",
      "llm_call:3",
      "add:3",
      "llm_call:4",
    ]);
    // The transcript numbers its turns the same way.
    expect(thinker.transcript().turns.map((turn) => turn.turn)).toEqual([1, 2, 3, 4]);
  });

  it("a refused call is never submitted, so it takes no place in the trajectory", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "add", arguments: { a: "one", b: 2 } },
        { name: "no_such_tool", arguments: {} },
        { name: "add", arguments: { a: 1, b: 2 } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const handle = dispatcher.submit(new Summer({ environment }), { numbers: [1, 2] });
    await handle;
    expect(childrenOf(events, handle.id)).toEqual(["llm_call:1", "add:1", "llm_call:2"]);
    expect(
      client.requests[1]!.request.messages.at(-1)!.parts.map((part) =>
        part.type === "tool_result" ? part.isError : undefined,
      ),
    ).toEqual([true, true, false]);
  });

  it("the thinker itself, submitted raw, has no ordinal; its children each have one", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const handle = dispatcher.submit(new Summer({ environment }), { numbers: [] });
    await handle;
    const submitted = events.filter((event): event is Submitted => event.type === "job.submitted");
    expect(submitted.find((event) => event.jobId === handle.id)!.ordinal).toBeNull();
    expect(
      submitted
        .filter((event) => event.parentId === handle.id)
        .every((event) => event.ordinal !== null),
    ).toBe(true);
  });
});
