import { InvalidInputError, ThinkerDeclaration, type Depth } from "@nucleo/core";
import {
  ConversationService,
  InMemoryConversationStore,
  type ConversationSnapshot,
} from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { addProvider, envelope, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { META_PARENT_DEPTH } from "../thinker/run-metadata.js";
import { ReactiveThinker, type ReactiveThinkerOptions } from "./reactive-thinker.js";

/** A chat helper that can add numbers. */
class Helper extends ReactiveThinker {
  readonly name = "helper";
  override readonly description = "Answers the user.";

  constructor(options: ReactiveThinkerOptions, depth?: Depth) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider);
    if (depth !== undefined) this.setDepth(depth);
  }

  protected instructions(): string {
    return "Answer the user; add numbers with the add tool.";
  }
}

/** A store that remembers every save it was asked for. */
class CountingStore extends InMemoryConversationStore {
  readonly saved: ConversationSnapshot[] = [];

  override async save(snapshot: ConversationSnapshot): Promise<void> {
    this.saved.push(snapshot);
    await super.save(snapshot);
  }
}

/** The text of every message a request carried, role first. */
function messagesOf(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.messages.map(
    (turn) => `${turn.role}: ${turn.parts.map((part) => part.text).join(" | ")}`,
  );
}

function toolNamesOf(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.tools.map((tool) => tool.name);
}

describe("ReactiveThinker", () => {
  it("two runs with the same conversationId and service continue one durable conversation", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("Hello there.")),
      ScriptedLlmClient.answer(envelope("Still here.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const store = new CountingStore();
    const conversations = new ConversationService({ store });

    await expect(
      dispatcher.submit(new Helper({ environment, conversations, conversationId: "chat-1" }), {
        message: "hi",
      }),
    ).resolves.toBe("Hello there.");
    await expect(
      dispatcher.submit(new Helper({ environment, conversations, conversationId: "chat-1" }), {
        message: "again",
      }),
    ).resolves.toBe("Still here.");

    expect(messagesOf(client, 0)).toEqual(["user: hi"]);
    expect(messagesOf(client, 1)).toEqual([
      "user: hi",
      `assistant: ${envelope("Hello there.")}`,
      "user: again",
    ]);
    const stored = await store.load("chat-1");
    expect(stored?.temporary).toBe(false);
    expect(stored?.turns).toHaveLength(4);
  });

  it("a conversation without an id is temporary: never saved, and the next run starts afresh", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("One.")),
      ScriptedLlmClient.answer(envelope("Two.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const store = new CountingStore();
    const conversations = new ConversationService({ store });

    await expect(
      dispatcher.submit(new Helper({ environment, conversations }), { message: "first" }),
    ).resolves.toBe("One.");
    await expect(
      dispatcher.submit(new Helper({ environment, conversations }), { message: "second" }),
    ).resolves.toBe("Two.");

    expect(store.saved).toEqual([]);
    expect(messagesOf(client, 1)).toEqual(["user: second"]);
  });

  it("the answer is a string (a leaf answer type), returned as the model wrote it", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope("  42, as asked.  "))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Helper({ environment, conversations: new ConversationService() });
    await expect(dispatcher.submit(thinker, { message: "what is 40 + 2?" })).resolves.toBe(
      "  42, as asked.  ",
    );
    const schema = client.requests[0]!.request.responseFormat!.schema as {
      properties: { answer: unknown };
    };
    expect(JSON.stringify(schema.properties.answer)).toContain('"string"');
    expect(JSON.stringify(schema.properties.answer)).not.toContain('"object"');
  });

  it.each([
    ["an object", { text: "CANARY-obj-5521" }],
    ["an array", ["CANARY-arr-5521"]],
    ["a number", 5521],
  ])(
    "a refused answer shape (%s instead of a string) ends the run naming `answer` and never re-asks",
    async (_kind, wrong) => {
      const client = new ScriptedLlmClient([
        ScriptedLlmClient.answer(envelope(wrong)),
        ScriptedLlmClient.answer(envelope("never asked")),
      ]);
      const { dispatcher, environment } = thinkerTestRuntime(client);
      const thinker = new Helper({ environment, conversations: new ConversationService() });

      const failure = await dispatcher.submit(thinker, { message: "hi" }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(InvalidInputError.isInstance(failure)).toBe(true);
      const refusal = failure as InvalidInputError;
      expect(refusal.parameter).toBe("answer");
      expect(refusal.expected).toBe("a string");
      expect(refusal.message).not.toContain("5521");
      expect(client.requests).toHaveLength(1);
      expect(client.remaining).toBe(1);
      expect(thinker.transcript().answered).toBe(false);
    },
  );

  it("its depth is its own: STANDARD unless setDepth says otherwise, read at every chat turn", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("a")),
      ScriptedLlmClient.answer(envelope("b")),
      ScriptedLlmClient.answer(envelope("c")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const conversations = new ConversationService();

    const standard = new Helper({ environment, conversations, conversationId: "depth-chat" });
    await dispatcher.submit(standard, { message: "one" });
    expect(standard.depth()).toBe("STANDARD");
    expect(client.requests[0]!.binding.depth).toBe("STANDARD");
    expect(toolNamesOf(client, 0)).toContain("sub_thinker");

    // The same instance, told to work less hard between two chat turns.
    standard.setDepth("QUICK");
    await dispatcher.submit(standard, { message: "two" });
    expect(standard.depth()).toBe("QUICK");
    expect(client.requests[1]!.binding.depth).toBe("QUICK");
    expect(toolNamesOf(client, 1)).not.toContain("sub_thinker");

    const thorough = new Helper({ environment, conversations }, "THOROUGH");
    await dispatcher.submit(thorough, { message: "three" });
    expect(client.requests[2]!.binding.depth).toBe("THOROUGH");
  });

  it("a depth change mid-run shows at the next model turn: the seat and the hooks read it each turn", async () => {
    const client = new ScriptedLlmClient();
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Helper({ environment, conversations: new ConversationService() });
    client.script(
      () => {
        thinker.setDepth("QUICK"); // told to work less hard while its first turn is out
        return ScriptedLlmClient.toolCall("add", { a: 1, b: 2 });
      },
      ScriptedLlmClient.answer(envelope("3")),
    );
    await dispatcher.submit(thinker, { message: "1 + 2?" });
    expect(client.requests.map((call) => call.binding.depth)).toEqual(["STANDARD", "QUICK"]);
    expect(toolNamesOf(client, 0)).toContain("sub_thinker");
    expect(toolNamesOf(client, 1)).not.toContain("sub_thinker");
  });

  it("its own depth is clamped to a parent's depth, never raised by it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("a")),
      ScriptedLlmClient.answer(envelope("b")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const conversations = new ConversationService();
    await dispatcher.submit(
      new Helper({ environment, conversations }, "THOROUGH"),
      { message: "one" },
      { metadata: { [META_PARENT_DEPTH]: "QUICK" } },
    );
    await dispatcher.submit(
      new Helper({ environment, conversations }, "QUICK"),
      { message: "two" },
      { metadata: { [META_PARENT_DEPTH]: "THOROUGH" } },
    );
    expect(client.requests.map((call) => call.binding.depth)).toEqual(["QUICK", "QUICK"]);
  });

  it("setDepth refuses a word that is not a depth, naming it", () => {
    const { environment } = thinkerTestRuntime(new ScriptedLlmClient());
    const thinker = new Helper({ environment, conversations: new ConversationService() });
    expect(() => thinker.setDepth("DEEP" as Depth)).toThrow(/"depth"/);
  });

  it("tools work in a chat turn: the call runs and its result reaches the model before the answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 40, b: 2 }),
      ScriptedLlmClient.answer(envelope("It is 42.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const conversations = new ConversationService({ store: new InMemoryConversationStore() });
    const thinker = new Helper({ environment, conversations, conversationId: "tool-chat" });

    await expect(dispatcher.submit(thinker, { message: "40 + 2?" })).resolves.toBe("It is 42.");
    expect(toolNamesOf(client, 0)).toContain("add");
    expect(client.requests[1]!.request.messages.at(-1)!.parts).toEqual([
      expect.objectContaining({ type: "tool_result", text: '{"sum":42}', isError: false }),
    ]);
    expect(
      thinker.transcript().turns.map((turn) => turn.toolCalls.map((call) => call.result)),
    ).toEqual([['{"sum":42}'], []]);
  });

  it("the transcript of a resumed chat turn holds that turn's message and model turns only", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope("One.")),
      ScriptedLlmClient.toolCall("add", { a: 1, b: 1 }),
      ScriptedLlmClient.answer(envelope("Two.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const conversations = new ConversationService();
    await dispatcher.submit(new Helper({ environment, conversations, conversationId: "t-chat" }), {
      message: "first",
    });
    const second = new Helper({ environment, conversations, conversationId: "t-chat" });
    await dispatcher.submit(second, { message: "second" });

    const transcript = second.transcript();
    expect(transcript.prompt).toBe("second");
    expect(transcript.turns).toHaveLength(2);
    expect(transcript.answer).toBe("Two.");
  });

  it("a run's transcript starts at its own message, even after an earlier run of the durable chat ended on a nudge", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.answer(envelope("Hello again.")),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const conversations = new ConversationService();
    const first = new Helper({ environment, conversations, conversationId: "nudged", maxTurns: 1 });
    await expect(dispatcher.submit(first, { message: "hi" })).rejects.toThrow(
      /limit of 1 model turns/,
    );
    const second = new Helper({ environment, conversations, conversationId: "nudged" });
    await expect(dispatcher.submit(second, { message: "hello?" })).resolves.toBe("Hello again.");
    expect(second.transcript().prompt).toBe("hello?");
    expect(second.transcript().turns).toHaveLength(1);
  });
});
