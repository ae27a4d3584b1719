import { describe, expect, it } from "vitest";
import { FakeClient } from "../test-support/fake-client.js";
import { conversationTestRuntime } from "../test-support/conversation-test-runtime.js";
import { InMemoryConversationStore } from "./conversation-store.js";
import { ConversationService } from "./conversation-service.js";

const SEAT = { grade: "LARGE", depth: "THOROUGH", output: "EXTENDED" } as const;

describe("ConversationService", () => {
  it("stamps the three seat words when it hands a conversation out", async () => {
    const conversation = await new ConversationService().obtain({ seat: SEAT });
    expect(conversation.seat).toEqual(SEAT);
    expect(conversation.temporary).toBe(true);
    expect([conversation.comfortContextTokens, conversation.compactionTrigger]).toEqual([
      128_000, 0.92,
    ]);
  });

  it("refuses bad seat words by name", async () => {
    const service = new ConversationService();
    await expect(service.obtain({ seat: { ...SEAT, grade: "HUGE" as never } })).rejects.toThrow(
      /"seat\.grade"/,
    );
    await expect(service.obtain({ seat: { ...SEAT, depth: "DEEP" as never } })).rejects.toThrow(
      /"seat\.depth"/,
    );
    await expect(service.obtain({ seat: { ...SEAT, output: { tokens: -1 } } })).rejects.toThrow(
      /"seat\.output"/,
    );
  });

  it("a durable conversation is saved and resumes with its objective, preamble and turns", async () => {
    const store = new InMemoryConversationStore();
    const service = new ConversationService({ store });
    const first = await service.obtain({ seat: SEAT, durableId: "chat-42" });
    first.putMainObjective("Help with claims.").admitSkill("tone", "Be brief.").addUser("hello");
    await service.save(first);
    const resumed = await new ConversationService({ store }).obtain({
      seat: { ...SEAT, depth: "QUICK" },
      durableId: "chat-42",
    });
    expect(resumed.temporary).toBe(false);
    expect(resumed.turns()).toEqual(first.turns());
    expect(resumed.objective()).toEqual(first.objective());
    expect(resumed.preamble()).toEqual([["tone", "Be brief."]]);
    expect(resumed.seat.depth).toBe("QUICK"); // stamped afresh by this obtain
  });

  it("a temporary conversation is never stored", async () => {
    const store = new InMemoryConversationStore();
    const service = new ConversationService({ store });
    const temporary = await service.obtain({ seat: SEAT });
    await service.save(temporary);
    expect(await store.load(temporary.id)).toBeUndefined();
  });

  it("compaction without a summarizer is refused with a clear error", async () => {
    const runtime = conversationTestRuntime(new FakeClient([]));
    const conversation = await runtime.service.obtain({
      seat: { grade: "MEDIUM", depth: "QUICK", output: "VERDICT" },
    });
    await expect(runtime.service.compactIfNeeded(conversation)).rejects.toThrow(
      /an environment and a summarizer/,
    );
  });
});

describe("durable snapshots", () => {
  it("a saved conversation does not change when the live one grows before the next save", async () => {
    const store = new InMemoryConversationStore();
    const service = new ConversationService({ store });
    const conversation = await service.obtain({ seat: SEAT, durableId: "chat-7" });
    conversation.addUser("one");
    await service.save(conversation);
    conversation.addUser("two");
    expect((await store.load("chat-7"))!.turns).toHaveLength(1);
  });
});
