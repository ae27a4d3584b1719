import { SystemError, ThinkerDeclaration } from "@nucleo/core";
import { ConversationService } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { ReactiveThinker, type ReactiveThinkerOptions } from "../shapes/reactive-thinker.js";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { Guarded, nonNegative } from "../test-support/thinker-loop-fixtures.js";

const TASK = "Add the numbers you are given, using the add tool.";

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
});
