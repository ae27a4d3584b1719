import { ArtifactRegistry, defineArtifactType, ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import { envelope, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { Guarded, nonNegative, textOf } from "../test-support/thinker-loop-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import { thinkerInput } from "./thinker-input.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";

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
