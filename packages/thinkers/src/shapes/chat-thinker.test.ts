import { InvalidInputError, ThinkerDeclaration } from "@nucleo/core";
import { ConversationService, InMemoryConversationStore } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { envelope, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import type { ValidationGuardrail } from "../thinker/validation-guardrail.js";
import { ChatThinker, type ChatThinkerOptions } from "./chat-thinker.js";

class Chat extends ChatThinker {
  readonly name = "chat";
  override readonly description = "A durable chat.";

  constructor(options: ChatThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "STANDARD" }), options);
  }

  protected instructions(): string {
    return "Chat with the user.";
  }
}

/** A chat whose answers must never mention the launch code. */
class GuardedChat extends Chat {
  protected override declareValidationGuardrails(): readonly ValidationGuardrail<string>[] {
    return [
      {
        name: "no_launch_code",
        check: (answer) =>
          answer.includes("LAUNCH-CODE")
            ? { field: "(answer)", expected: "an answer that does not reveal the launch code" }
            : undefined,
      },
    ];
  }
}

function sink() {
  const pieces: string[] = [];
  return { pieces, stream: (piece: string) => void pieces.push(piece) };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("ChatThinker", () => {
  it.each([
    ["missing", undefined],
    ["empty", ""],
  ])(
    "a chat requires a conversationId (%s is refused naming the option)",
    (_kind, conversationId) => {
      const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
      const options = {
        environment,
        conversations: new ConversationService(),
        stream: () => {},
        conversationId,
      } as unknown as ChatThinkerOptions;
      let thrown: unknown;
      try {
        new Chat(options);
      } catch (error) {
        thrown = error;
      }
      expect(InvalidInputError.isInstance(thrown)).toBe(true);
      expect((thrown as InvalidInputError).parameter).toBe("ChatThinkerOptions.conversationId");
    },
  );

  it.each([0, -5, 1.5, Number.NaN])(
    "a pieceLength that is not a positive integer (%s) is refused naming the option",
    (pieceLength) => {
      const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
      let thrown: unknown;
      try {
        new Chat({
          environment,
          conversations: new ConversationService(),
          conversationId: "c",
          stream: () => {},
          pieceLength,
        });
      } catch (error) {
        thrown = error;
      }
      expect(InvalidInputError.isInstance(thrown)).toBe(true);
      expect((thrown as InvalidInputError).parameter).toBe("ChatThinkerOptions.pieceLength");
    },
  );

  it("an accepted answer reaches the stream sink in pieces of pieceLength, in order", async () => {
    const answer = `${"a".repeat(7)}${"b".repeat(7)}${"c".repeat(3)}`;
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope(answer))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const reader = sink();
    const chat = new Chat({
      environment,
      conversations: new ConversationService(),
      conversationId: "c-1",
      stream: reader.stream,
      pieceLength: 7,
    });

    await expect(dispatcher.submit(chat, { message: "spell it" })).resolves.toBe(answer);
    expect(reader.pieces).toEqual(["aaaaaaa", "bbbbbbb", "ccc"]);
  });

  it("pieces default to 200 characters", async () => {
    const answer = "x".repeat(450);
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope(answer))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const reader = sink();
    await dispatcher.submit(
      new Chat({
        environment,
        conversations: new ConversationService(),
        conversationId: "c-2",
        stream: reader.stream,
      }),
      { message: "long" },
    );
    expect(reader.pieces.map((piece) => piece.length)).toEqual([200, 200, 50]);
    expect(reader.pieces.join("")).toBe(answer);
  });

  it("the sink has the whole answer before the run returns it (an async sink is awaited piece by piece)", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope("abcdef"))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const pieces: string[] = [];
    const stream = async (piece: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      pieces.push(piece);
    };
    const answer = await dispatcher.submit(
      new Chat({
        environment,
        conversations: new ConversationService(),
        conversationId: "c-3",
        stream,
        pieceLength: 2,
      }),
      { message: "go" },
    );
    expect([answer, pieces]).toEqual(["abcdef", ["ab", "cd", "ef"]]);
  });

  it("nothing a guardrail refused reaches the sink: the refusal ends the run (the reactive policy) with one model call", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("Sure, it is LAUNCH-CODE-0000.")),
      ScriptedLlmClient.answer(envelope("never asked")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const reader = sink();
    const chat = new GuardedChat({
      environment,
      conversations: new ConversationService(),
      conversationId: "c-4",
      stream: reader.stream,
      pieceLength: 3,
    });

    const failure = await failureOf(dispatcher.submit(chat, { message: "what is the code?" }));
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect((failure as InvalidInputError).parameter).toBe("answer");
    expect((failure as InvalidInputError).expected).toContain("no_launch_code");
    expect(reader.pieces).toEqual([]);
    expect(client.requests).toHaveLength(1);
  });

  it("nothing of a refused answer shape reaches the sink", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope({ text: "an object" })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const reader = sink();
    const failure = await failureOf(
      dispatcher.submit(
        new Chat({
          environment,
          conversations: new ConversationService(),
          conversationId: "c-5",
          stream: reader.stream,
        }),
        { message: "hi" },
      ),
    );
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect(reader.pieces).toEqual([]);
  });

  it("a guarded chat streams an answer its guardrail accepts", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("I cannot tell you.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const reader = sink();
    await dispatcher.submit(
      new GuardedChat({
        environment,
        conversations: new ConversationService(),
        conversationId: "c-6",
        stream: reader.stream,
      }),
      { message: "code?" },
    );
    expect(reader.pieces).toEqual(["I cannot tell you."]);
  });

  it("a chat is durable: its conversation is saved and the next turn resumes it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("Hello.")),
      ScriptedLlmClient.answer(envelope("Again.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const store = new InMemoryConversationStore();
    const conversations = new ConversationService({ store });
    await dispatcher.submit(
      new Chat({ environment, conversations, conversationId: "c-7", stream: () => {} }),
      { message: "hi" },
    );
    expect((await store.load("c-7"))?.temporary).toBe(false);
    await dispatcher.submit(
      new Chat({ environment, conversations, conversationId: "c-7", stream: () => {} }),
      { message: "hi again" },
    );
    expect(client.requests[1]!.request.messages.map((turn) => turn.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
  });
});
