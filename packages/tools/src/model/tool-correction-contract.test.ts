// The correction protocol of one-call tools (docs/architecture.md#one-call-tools-and-corrections).
import {
  MAX_CORRECTIONS,
  SystemError,
  InvalidInputError,
  type AttemptInfo,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { responseContract, type LlmClient } from "@nucleo/conversation";
import { ScriptedLlmClient, type ScriptedTurn } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolTestRuntime } from "../test-support/tool-test-runtime.js";
import {
  AbstractModelDependentTool,
  type ModelDependentToolOptions,
} from "./abstract-model-dependent-tool.js";

const Label = z.object({ label: z.enum(["bug", "feature"]), confidence: z.number() });
const LABEL = responseContract("label", Label);

/** A one-call tool whose `client` seam is overridden by the test: no transport at all. */
class LabelTool extends AbstractModelDependentTool<{ text: string }, z.infer<typeof Label>> {
  readonly name = "label_issue";
  readonly input = z.object({ text: z.string() });
  readonly output = Label;
  constructor(
    options: ModelDependentToolOptions,
    private readonly scripted: LlmClient,
  ) {
    super({ grade: "SMALL", ...options });
  }
  override requirements(input: { text: string }, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: LABEL },
      "Label the issue.",
    );
  }
  async execute(_input: { text: string }, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
  protected override client(): LlmClient {
    return this.scripted;
  }
}

function run(...turns: ScriptedTurn[]) {
  const scripted = new ScriptedLlmClient(turns);
  const unused = new ScriptedLlmClient([]); // the environment's client must never be reached
  const { dispatcher, environment, admission, events, time } = toolTestRuntime(unused);
  const handle = dispatcher.submit(new LabelTool({ environment }, scripted), {
    text: "Crash on save.",
  });
  return { handle, scripted, admission, events, time };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe("one-call tool correction protocol (AbstractToolCorrectionTest)", () => {
  it("an unparseable answer is corrected, then succeeds", async () => {
    const { handle, scripted } = run(
      ScriptedLlmClient.answer("It's a bug."),
      ScriptedLlmClient.json({ label: "bug", confidence: 0.9 }),
    );
    await expect(handle).resolves.toEqual({ label: "bug", confidence: 0.9 });
    expect(scripted.requests).toHaveLength(2);
    expect(scripted.requests[1]!.request.messages.at(-1)!.parts[0]!.text).toMatch(
      /^Your last answer was not one JSON object\./,
    );
  });

  it("an answer missing a required field is corrected naming the field and its type", async () => {
    const { handle, scripted } = run(
      ScriptedLlmClient.json({ label: "bug" }),
      ScriptedLlmClient.json({ label: "bug", confidence: 0.7 }),
    );
    await expect(handle).resolves.toEqual({ label: "bug", confidence: 0.7 });
    expect(scripted.requests[1]!.request.messages.at(-1)!.parts[0]!.text).toContain(
      'field "confidence": expected number',
    );
  });

  it("a wrong enum value is corrected naming the accepted values, never echoing the model's value", async () => {
    const { handle, scripted } = run(
      ScriptedLlmClient.json({ label: "CANARY-LABEL-99", confidence: 1 }),
      ScriptedLlmClient.json({ label: "feature", confidence: 1 }),
    );
    await expect(handle).resolves.toMatchObject({ label: "feature" });
    const correction = scripted.requests[1]!.request.messages.at(-1)!.parts[0]!.text;
    expect(correction).toContain('"bug"|"feature"');
    expect(correction).not.toContain("CANARY-LABEL-99");
  });

  it(`gives up after MAX_CORRECTIONS (${MAX_CORRECTIONS}): a parse failure surfaces`, async () => {
    const { handle, scripted } = run(
      ...Array.from({ length: MAX_CORRECTIONS + 1 }, () => ScriptedLlmClient.answer("prose")),
    );
    const { error } = (await outcome(handle)) as { error: unknown };
    expect(InvalidInputError.isInstance(error) && error.parameter).toBe("answer");
    expect(scripted.requests).toHaveLength(MAX_CORRECTIONS + 1);
  });

  it("gives up after MAX_CORRECTIONS: a still-invalid answer is returned as it is, and the output check names the field", async () => {
    const { handle, scripted } = run(
      ...Array.from({ length: MAX_CORRECTIONS + 1 }, () =>
        ScriptedLlmClient.json({ label: "bug" }),
      ),
    );
    const { error } = (await outcome(handle)) as { error: unknown };
    expect(SystemError.isInstance(error) && error.code).toBe("invalid_output");
    expect((error as Error).message).toContain('"confidence"');
    expect(scripted.requests).toHaveLength(MAX_CORRECTIONS + 1);
  });

  it("a throttle passes the broad catch as the signal it is: the entry cools and the call is re-admitted", async () => {
    const { handle, admission, time, scripted } = run(
      ScriptedLlmClient.throttle(30_000),
      ScriptedLlmClient.json({ label: "bug", confidence: 0.5 }),
    );
    for (let index = 0; index < 10; index++) await Promise.resolve();
    expect(admission.coolingUntil("small")).toBeGreaterThan(0); // the only SMALL entry: the retry waits out its cooldown
    expect(scripted.requests).toHaveLength(1);
    time.advance(30_000);
    await expect(handle).resolves.toMatchObject({ label: "bug" });
    expect(scripted.requests).toHaveLength(2);
  });

  it("a truncation passes the broad catch: one re-run at the entry's ceiling", async () => {
    const { handle, scripted } = run(
      ScriptedLlmClient.truncated('{"label": "bu'),
      ScriptedLlmClient.json({ label: "bug", confidence: 0.8 }),
    );
    await expect(handle).resolves.toMatchObject({ label: "bug" });
    expect(scripted.requests.map((call) => call.binding.maxOutputTokens)).toEqual([1_024, 16_000]);
  });

  it("the seat is priced from exactly what the wire sends, on the tool's own grade", async () => {
    const { handle, events } = run(ScriptedLlmClient.json({ label: "bug", confidence: 1 }));
    await handle;
    expect(events.find((event) => event.type === "seat.reserved")).toMatchObject({
      entryId: "small",
      grade: "SMALL",
      maxOutputTokens: 1_024,
    });
  });
});
