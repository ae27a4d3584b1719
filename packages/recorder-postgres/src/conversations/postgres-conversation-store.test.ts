import { SystemError } from "@nucleo/core";
import { Conversation, ConversationService, Parts } from "@nucleo/conversation";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { PostgresConversationStore } from "./postgres-conversation-store.js";
import { JSON_TEXT_KEY } from "./stored-json.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describeOnBothDatabases("PostgresConversationStore", (open) => {
  it("a durable conversation saved by one worker resumes whole on another", async () => {
    const { db } = await open();
    const first = new ConversationService({ store: new PostgresConversationStore(db) });
    const chat = await first.obtain({ seat: SEAT, durableId: "chat-1" });
    chat.putObjective("task", "Help the customer.");
    chat.addUser("Where is my order?");
    chat.addAssistant({
      content: "",
      thinking: [Parts.thinking("look it up", "sig-1")],
      toolCalls: [Parts.toolCall("call-1", "find_order", { customer_id: "c9" })],
    });
    chat.addToolResults([Parts.toolResult("call-1", "find_order", "shipped", false)]);
    await first.save(chat);

    const second = new ConversationService({ store: new PostgresConversationStore(db) });
    const resumed = await second.obtain({ seat: { ...SEAT, grade: "LARGE" }, durableId: "chat-1" });
    expect(resumed.snapshot()).toEqual({ ...chat.snapshot(), seat: { ...SEAT, grade: "LARGE" } });
  });

  it("an unknown conversation loads as absent, and a temporary one is never stored", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    expect(await store.load("nobody")).toBeUndefined();
    const temporary = new Conversation("tmp", SEAT, true, 128_000, 0.92);
    await expect(store.save(temporary.snapshot())).rejects.toMatchObject({
      parameter: "snapshot.temporary",
    });
  });

  it("each save of a resumed conversation advances its version", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    const service = new ConversationService({ store });
    for (const message of ["one", "two", "three"]) {
      const chat = await service.obtain({ seat: SEAT, durableId: "chat-v" });
      chat.addUser(message);
      await service.save(chat);
    }
    const row = await db
      .selectFrom("nucleo_conversations")
      .select("version")
      .where("id", "=", "chat-v")
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(3);
    expect((await store.load("chat-v"))?.turns.map((turn) => turn.parts[0]?.text)).toEqual([
      "one",
      "two",
      "three",
    ]);
  });

  it("two turns resumed at once: the second save is refused as a conflict and the first turn is kept", async () => {
    const { db } = await open();
    const workerA = new ConversationService({ store: new PostgresConversationStore(db) });
    const workerB = new ConversationService({ store: new PostgresConversationStore(db) });
    const start = await workerA.obtain({ seat: SEAT, durableId: "chat-2" });
    start.addUser("hello");
    await workerA.save(start);

    const onA = await workerA.obtain({ seat: SEAT, durableId: "chat-2" });
    const onB = await workerB.obtain({ seat: SEAT, durableId: "chat-2" });
    onA.addUser("from A");
    onB.addUser("from B");
    await workerA.save(onA);
    const conflict = await failureOf(workerB.save(onB));
    expect(SystemError.isInstance(conflict)).toBe(true);
    expect(conflict).toMatchObject({ code: "conversation_conflict" });
    expect((conflict as Error).message).toContain('"chat-2"');

    const retried = await workerB.obtain({ seat: SEAT, durableId: "chat-2" });
    expect(retried.turns().map((turn) => turn.parts[0]?.text)).toEqual(["hello", "from A"]);
    retried.addUser("from B");
    await workerB.save(retried);
    expect((await new PostgresConversationStore(db).load("chat-2"))?.turns).toHaveLength(3);
  });

  it("two workers starting the same new conversation: the second save is refused as a conflict", async () => {
    const { db } = await open();
    const workerA = new ConversationService({ store: new PostgresConversationStore(db) });
    const workerB = new ConversationService({ store: new PostgresConversationStore(db) });
    const onA = await workerA.obtain({ seat: SEAT, durableId: "chat-new" });
    const onB = await workerB.obtain({ seat: SEAT, durableId: "chat-new" });
    onA.addUser("A first");
    onB.addUser("B first");
    await workerA.save(onA);
    await expect(workerB.save(onB)).rejects.toMatchObject({ code: "conversation_conflict" });
  });

  it("text jsonb cannot hold (NUL, a lone surrogate) round-trips exactly, and the row stays queryable JSON", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    const chat = new Conversation("chat-nul", SEAT, false, 128_000, 0.92);
    chat.addUser("a\u0000b \ud800 c");
    chat.addAssistant({
      content: "ok",
      thinking: [Parts.thinking("x\u0000y", "sig")],
      toolCalls: [],
    });
    await store.save(chat.snapshot());
    expect(await new PostgresConversationStore(db).load("chat-nul")).toEqual(chat.snapshot());
    const row = await sql<{
      wrapped: boolean;
    }>`select data ? ${JSON_TEXT_KEY} as wrapped from nucleo_conversations where id = 'chat-nul'`.execute(
      db,
    );
    expect(row.rows[0]?.wrapped).toBe(true);
  });

  it("a malformed stored row is refused as corrupt, naming the conversation and the field, not its text", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    const chat = new Conversation("chat-bad", SEAT, false, 128_000, 0.92);
    chat.addUser("private words");
    await store.save(chat.snapshot());
    await sql`update nucleo_conversations set data = jsonb_set(data, '{turns,0,role}', '"private words"') where id = 'chat-bad'`.execute(
      db,
    );
    const error = await failureOf(new PostgresConversationStore(db).load("chat-bad"));
    expect(error).toMatchObject({ code: "corrupt_conversation" });
    expect((error as Error).message).toContain('conversation "chat-bad" in nucleo_conversations');
    expect((error as Error).message).toContain("turns[0].role");
    expect((error as Error).message).not.toContain("private words");
  });

  it("a row holding another conversation's snapshot is refused as corrupt", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    await store.save(new Conversation("chat-x", SEAT, false, 128_000, 0.92).snapshot());
    await sql`update nucleo_conversations set id = 'chat-y' where id = 'chat-x'`.execute(db);
    await expect(store.load("chat-y")).rejects.toMatchObject({ code: "corrupt_conversation" });
  });

  it("bad ids and options are refused naming the parameter", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db);
    await expect(store.load("")).rejects.toMatchObject({ parameter: "id" });
    await expect(
      store.save({ ...new Conversation("ok", SEAT, false, 1, 0.5).snapshot(), id: "a\u0000" }),
    ).rejects.toMatchObject({ parameter: "snapshot.id" });
    expect(() => new PostgresConversationStore(db, { trackedConversations: 0 })).toThrow(
      /trackedConversations/,
    );
  });

  it("a store that has forgotten a conversation's version saves it without the conflict check (last writer wins)", async () => {
    const { db } = await open();
    const store = new PostgresConversationStore(db, { trackedConversations: 1 });
    const service = new ConversationService({ store });
    const first = await service.obtain({ seat: SEAT, durableId: "chat-a" });
    await service.obtain({ seat: SEAT, durableId: "chat-b" }); // chat-a's version is forgotten
    first.addUser("still saved");
    await service.save(first);
    expect((await store.load("chat-a"))?.turns).toHaveLength(1);
  });
});
