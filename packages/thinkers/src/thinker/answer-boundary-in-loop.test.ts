import { ThinkerDeclaration } from "@nucleo/core";
import type { LlmRequest } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { reasoningField } from "../answer/reasoning-field.js";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  addProvider,
  envelope,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import { thinkerInput } from "./thinker-input.js";

const CANARY = "CANARY-boundary-3307";

const ClaimInput = thinkerInput({ claim: z.string() });
type ClaimInput = z.infer<typeof ClaimInput>;
const ClaimVerdict = z.object({
  reasoning: reasoningField(),
  verdict: z.enum(["novel", "anticipated"]),
  score: z.number().int(),
});
type ClaimVerdict = z.infer<typeof ClaimVerdict>;

/** A composite answer with an enum, an integer and a reasoning field of its own. */
class Judge extends SingleObjectiveThinker<ClaimInput, ClaimVerdict> {
  readonly name = "judge";
  override readonly description = "Judges a claim.";
  readonly input = ClaimInput;
  readonly output = ClaimVerdict;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider);
  }

  protected task(): string {
    return "Judge the claim.";
  }
}

/** The text of the last message of a request, and its role. */
function lastMessage(request: LlmRequest): { role: string; text: string } {
  const last = request.messages.at(-1)!;
  return { role: last.role, text: last.parts.map((part) => part.text).join("") };
}

function propertiesOf(schema: unknown): string[] {
  return Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {}).sort();
}

/** The answer field's object schema inside the envelope's (the answer is nullable: object or null). */
function answerObjectSchema(request: LlmRequest): unknown {
  const answer = (
    request.responseFormat!.schema as { properties: { answer: Record<string, unknown> } }
  ).properties.answer;
  const options = (answer.anyOf ?? answer.oneOf ?? [answer]) as Array<{ type?: string }>;
  return options.find((option) => option.type === "object");
}

/**
 * Runs a {@link Summer} that first answers `wrong`, then `{ total: 5 }`: asserts that it ends
 * with that total and returns what the loop sent back between the two (its last message).
 */
async function replyToSummerAnswer(wrong: unknown): Promise<{ role: string; text: string }> {
  const client = new ScriptedLlmClient([
    ScriptedLlmClient.answer(envelope(wrong)),
    ScriptedLlmClient.answer(envelope({ total: 5 })),
  ]);
  const { dispatcher, environment } = thinkerTestRuntime(client);
  await expect(
    dispatcher.submit(new Summer({ environment }), { numbers: [2, 3] }),
  ).resolves.toEqual({ total: 5 });
  return lastMessage(client.requests[1]!.request);
}

describe("the answer boundary inside the loop", () => {
  it.each([
    ["a string", CANARY],
    ["an array", [CANARY]],
    ["a number", 3307],
    ["a boolean", true],
  ])(
    "a non-object answer (%s) for a composite thinker draws a correction naming `answer` and the type, never the value",
    async (_kind, wrong) => {
      const correction = await replyToSummerAnswer(wrong);
      expect(correction.role).toBe("user");
      expect(correction.text).toContain('"answer"');
      expect(correction.text).toContain("a JSON object (summer_answer)");
      expect(correction.text).not.toContain("CANARY");
      expect(correction.text).not.toContain("3307");
    },
  );

  it("a mistyped field draws a correction naming the field and its declared type, never the value", async () => {
    const correction = await replyToSummerAnswer({ total: CANARY });
    expect(correction.text).toContain('"answer.total"');
    expect(correction.text).toContain("a number");
    expect(correction.text).not.toContain("CANARY");
  });

  it("a wrong enum value draws a correction naming the field and the accepted values, never the value", async () => {
    const good = { reasoning: "the prior art discloses it", verdict: "anticipated", score: 3 };
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope({ ...good, verdict: CANARY })),
      ScriptedLlmClient.answer(envelope({ ...good, score: 2.5 })),
      ScriptedLlmClient.answer(envelope(good)),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Judge({ environment, pin: "medium" }), { claim: "a wheel" }),
    ).resolves.toEqual(good);

    const enumCorrection = lastMessage(client.requests[1]!.request).text;
    expect(enumCorrection).toContain('"answer.verdict"');
    expect(enumCorrection).toContain('one of "novel", "anticipated"');
    expect(enumCorrection).not.toContain("CANARY");
    const integerCorrection = lastMessage(client.requests[2]!.request).text;
    expect(integerCorrection).toContain('"answer.score"');
    expect(integerCorrection).toContain("an integer");
    expect(integerCorrection).not.toContain("2.5");
  });

  it("a missing field draws a correction naming it as required", async () => {
    const correction = (await replyToSummerAnswer({ sum: 5 })).text;
    expect(correction).toContain('"answer.total"');
    expect(correction).toContain("(required)");
  });

  it("a null answer means the model is not done: the loop nudges it on instead of refusing", async () => {
    const nudge = (await replyToSummerAnswer(null)).text;
    expect(nudge).toContain("answer was null");
    expect(nudge).not.toContain("Invalid value");
  });

  it("under an entry with native thinking guaranteed, the contract asks for no reasoning and the reasoning comes from the thinking block", async () => {
    const thought = "The prior art at column 3 shows every element of the claim.";
    const client = new ScriptedLlmClient([
      // No `reasoning` anywhere: neither the envelope's nor the answer's is asked for.
      ScriptedLlmClient.answer(JSON.stringify({ answer: { verdict: "anticipated", score: 4 } }), {
        thinking: [thought],
      }),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const judge = new Judge({ environment, pin: "medium-thinking" });

    await expect(dispatcher.submit(judge, { claim: "a wheel" })).resolves.toEqual({
      reasoning: thought,
      verdict: "anticipated",
      score: 4,
    });
    const request = client.requests[0]!.request;
    expect(client.requests[0]!.binding.entry.id).toBe("medium-thinking");
    expect(propertiesOf(request.responseFormat!.schema)).toEqual(["answer"]);
    expect(propertiesOf(answerObjectSchema(request))).toEqual(["score", "verdict"]);
    expect(judge.transcript().turns[0]!.thinking).toBe(thought);
  });

  it("under native thinking, a reasoning the model sends anyway is replaced by the thinking block, never refused", async () => {
    const thought = "Column 3 discloses it.";
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(
        JSON.stringify({
          reasoning: 17,
          answer: { reasoning: ["not", "a", "string"], verdict: "novel", score: 1 },
        }),
        { thinking: [thought] },
      ),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Judge({ environment, pin: "medium-thinking" }), { claim: "a wheel" }),
    ).resolves.toEqual({ reasoning: thought, verdict: "novel", score: 1 });
    expect(client.requests).toHaveLength(1);
  });

  it("without native thinking the contract keeps reasoning, and an envelope without it is refused naming `reasoning`", async () => {
    const good = { reasoning: "the prior art discloses it", verdict: "anticipated", score: 4 };
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(JSON.stringify({ answer: good })),
      ScriptedLlmClient.answer(envelope(good, "checked against the prior art")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Judge({ environment, pin: "medium" }), { claim: "a wheel" }),
    ).resolves.toEqual(good);

    const request = client.requests[0]!.request;
    expect(propertiesOf(request.responseFormat!.schema)).toEqual(["answer", "reasoning"]);
    expect(propertiesOf(answerObjectSchema(request))).toEqual(["reasoning", "score", "verdict"]);
    expect(lastMessage(client.requests[1]!.request).text).toContain('"reasoning"');
  });

  it("a thinking entry at a depth with no thinking budget (IMMEDIATE) keeps the reasoning field", async () => {
    const good = { reasoning: "quick look", verdict: "novel", score: 1 };
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope(good))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Judge({ environment, pin: "medium-thinking" }), {
        claim: "a wheel",
        depth: "IMMEDIATE",
      }),
    ).resolves.toEqual(good);
    expect(propertiesOf(client.requests[0]!.request.responseFormat!.schema)).toEqual([
      "answer",
      "reasoning",
    ]);
  });

  it("the contract follows the entry each turn: the same thinker unpinned between runs asks again for reasoning", async () => {
    const good = { reasoning: "r", verdict: "novel", score: 1 };
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(JSON.stringify({ answer: { verdict: "novel", score: 1 } }), {
        thinking: ["t"],
      }),
      ScriptedLlmClient.answer(envelope(good)),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const judge = new Judge({ environment, pin: "medium-thinking" });
    await dispatcher.submit(judge, { claim: "a" });
    judge.pinModel("medium");
    await expect(dispatcher.submit(judge, { claim: "b" })).resolves.toEqual(good);
    expect(
      client.requests.map((call) => propertiesOf(call.request.responseFormat!.schema)),
    ).toEqual([["answer"], ["answer", "reasoning"]]);
  });
});
