import { InvalidInputError, MAX_CORRECTIONS, ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { heldClient, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { META_PARENT_DEPTH } from "../thinker/run-metadata.js";
import { thinkerInput } from "../thinker/thinker-input.js";
import { AbstractToollessThinker } from "./abstract-toolless-thinker.js";

const ClassifyInput = thinkerInput({ messageText: z.string() });
type ClassifyInput = z.infer<typeof ClassifyInput>;
const Label = z.object({ label: z.enum(["spam", "ham"]), confidence: z.number() });
type Label = z.infer<typeof Label>;

class Classify extends AbstractToollessThinker<ClassifyInput, Label> {
  readonly name = "classify";
  override readonly description = "Labels a message.";
  readonly input = ClassifyInput;
  readonly output = Label;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "SMALL", output: "VERDICT" }), options);
  }

  protected task(): string {
    return "Label the message as spam or ham.";
  }
}

const GOOD: Label = { label: "ham", confidence: 0.9 };

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("AbstractToollessThinker", () => {
  it("makes exactly one model call, offers no tools, and the answer is the output schema's own object (no envelope)", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json(GOOD),
      ScriptedLlmClient.json(GOOD),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Classify({ environment }), { messageText: "lunch at noon?" }),
    ).resolves.toEqual(GOOD);

    expect(client.requests).toHaveLength(1);
    const request = client.requests[0]!.request;
    expect(request.tools).toEqual([]);
    const schema = request.responseFormat!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).sort()).toEqual(["confidence", "label"]);
    expect(request.messages.map((turn) => turn.parts.map((part) => part.text).join(""))).toEqual([
      '{"message_text":"lunch at noon?"}',
    ]);
  });

  it("an enveloped answer is not the schema's object: it is corrected like any wrong answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ reasoning: "because", answer: GOOD }),
      ScriptedLlmClient.json(GOOD),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Classify({ environment }), { messageText: "hi" }),
    ).resolves.toEqual(GOOD);
    expect(client.requests).toHaveLength(2);
  });

  it("a wrong answer is corrected by the dispatcher (a correction turn naming the field, never the value), then accepted", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ label: "CANARY-label-8812", confidence: 0.5 }),
      ScriptedLlmClient.json(GOOD),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Classify({ environment }), { messageText: "win a prize" }),
    ).resolves.toEqual(GOOD);

    expect(client.requests).toHaveLength(2);
    const correction = client.requests[1]!.request.messages.at(-1)!;
    expect(correction.role).toBe("user");
    const text = correction.parts.map((part) => part.text).join("");
    expect(text).toContain('"label"');
    expect(text).not.toContain("CANARY");
    // The second call is the dispatcher's re-run of the same call after a correction signal.
    const calls = events.filter((event) => event.type === "llm.call") as Array<{
      corrections: number;
    }>;
    expect(calls.map((call) => call.corrections)).toEqual([0, 1]);
  });

  it(`a wrong answer past the limit of ${MAX_CORRECTIONS} corrections fails naming the field`, async () => {
    const wrong = () => ScriptedLlmClient.json({ label: "ham", confidence: "CANARY-conf-4410" });
    const client = new ScriptedLlmClient([
      ...Array.from({ length: MAX_CORRECTIONS + 1 }, wrong),
      ScriptedLlmClient.json(GOOD),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);

    const failure = await failureOf(
      dispatcher.submit(new Classify({ environment }), { messageText: "hi" }),
    );
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect((failure as InvalidInputError).parameter).toBe("answer");
    expect((failure as InvalidInputError).message).toContain('"confidence"');
    expect((failure as InvalidInputError).message).not.toContain("CANARY");
    expect(client.requests).toHaveLength(MAX_CORRECTIONS + 1);
    expect(client.remaining).toBe(1);
  });

  it("an answer that never parses fails past the limit naming the answer", async () => {
    const client = new ScriptedLlmClient(
      Array.from({ length: MAX_CORRECTIONS + 1 }, () =>
        ScriptedLlmClient.answer("not json CANARY-7"),
      ),
    );
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const failure = await failureOf(
      dispatcher.submit(new Classify({ environment }), { messageText: "hi" }),
    );
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect((failure as InvalidInputError).parameter).toBe("answer");
    expect((failure as InvalidInputError).message).not.toContain("CANARY");
  });

  it("a tool call in place of an answer (no tools are offered) fails as a refused answer, never returns nothing", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.toolCall("add", { a: 1, b: 2 })]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const failure = await failureOf(
      dispatcher.submit(new Classify({ environment }), { messageText: "hi" }),
    );
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect((failure as InvalidInputError).parameter).toBe("answer");
  });

  it("its depth is its input's (STANDARD when absent), clamped to the parent's, never raised", async () => {
    const client = new ScriptedLlmClient(
      Array.from({ length: 4 }, () => ScriptedLlmClient.json(GOOD)),
    );
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const cases = [
      [{ messageText: "a" }, undefined, "STANDARD"],
      [{ messageText: "b", depth: "THOROUGH" }, undefined, "THOROUGH"],
      [{ messageText: "c", depth: "THOROUGH" }, "QUICK", "QUICK"],
      [{ messageText: "d", depth: "QUICK" }, "THOROUGH", "QUICK"],
    ] as const;
    for (const [input, parent, expected] of cases) {
      const thinker = new Classify({ environment });
      await dispatcher.submit(
        thinker,
        input,
        parent === undefined ? {} : { metadata: { [META_PARENT_DEPTH]: parent } },
      );
      expect(client.requests.at(-1)!.binding.depth).toBe(expected);
      expect(thinker.depth()).toBe(expected);
    }
  });

  it("the depth field never reaches the prompt", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.json(GOOD)]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Classify({ environment }), { messageText: "x", depth: "QUICK" });
    expect(client.requests[0]!.request.messages[0]!.parts[0]!.text).toBe('{"message_text":"x"}');
  });

  it("the transcript holds the prompt, every model turn with its correction, and the accepted answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ label: "maybe" }),
      ScriptedLlmClient.json(GOOD),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Classify({ environment });
    await dispatcher.submit(thinker, { messageText: "hello" });

    const transcript = thinker.transcript();
    expect(transcript.thinker).toBe("classify");
    expect(transcript.objective).toBe("Label the message as spam or ham.");
    expect(transcript.prompt).toBe('{"message_text":"hello"}');
    expect(transcript.turns).toHaveLength(2);
    expect(transcript.turns[0]!.correction).toContain('"label"');
    expect(transcript.turns[1]!.correction).toBeUndefined();
    expect([transcript.answered, transcript.answer]).toEqual([true, GOOD]);
  });

  it("a failed run's transcript says it was not answered", async () => {
    const client = new ScriptedLlmClient(
      Array.from({ length: MAX_CORRECTIONS + 1 }, () =>
        ScriptedLlmClient.json({ label: "maybe", confidence: 1 }),
      ),
    );
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Classify({ environment });
    await failureOf(dispatcher.submit(thinker, { messageText: "hello" }));
    expect(thinker.transcript().answered).toBe(false);
    expect(thinker.transcript().turns).toHaveLength(MAX_CORRECTIONS + 1);
  });

  it("an instance that is running refuses a second run of itself (thinker_busy)", async () => {
    const { client, inside, release } = heldClient(JSON.stringify(GOOD));
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Classify({ environment });
    const first = dispatcher.submit(thinker, { messageText: "hello" });
    await inside;
    await expect(dispatcher.submit(thinker, { messageText: "again" })).rejects.toMatchObject({
      code: "thinker_busy",
      message: 'Thinker "classify" is already running; submit a new instance for a concurrent run.',
    });
    release();
    await expect(first).resolves.toEqual(GOOD);
  });
});
