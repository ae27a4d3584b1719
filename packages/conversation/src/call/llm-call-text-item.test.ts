import { describe, expect, it } from "vitest";
import { FakeClient } from "../test-support/fake-client.js";
import { conversationTestRuntime } from "../test-support/conversation-test-runtime.js";
import { LLMCall } from "./llm-call.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;
const TEXT_ITEM = { id: "msg_1", phase: "final_answer" } as const;

describe("the provider item that carried an answer's text", () => {
  it("travels in the call's output and onto the text part, live and when the call is replayed", async () => {
    const client = new FakeClient([{ content: "Novel.", textItem: TEXT_ITEM }]);
    const runtime = conversationTestRuntime(client);
    const live = await runtime.service.obtain({ seat: SEAT });
    live.putMainObjective("Judge claim 1.").addUser("Claim 1: a hinge.");
    const output = await runtime.dispatcher.submit(
      new LLMCall({ conversation: live, environment: runtime.environment }),
      undefined,
    );
    expect(output.textItem).toEqual(TEXT_ITEM);
    const liveText = live
      .turns()
      .at(-1)!
      .parts.find((part) => part.type === "text");
    expect(liveText).toMatchObject({ itemId: "msg_1", phase: "final_answer" });

    const replayed = await runtime.service.obtain({ seat: SEAT });
    replayed.putMainObjective("Judge claim 1.").addUser("Claim 1: a hinge.");
    new LLMCall({ conversation: replayed, environment: runtime.environment }).restoreReplayed(
      undefined,
      output,
    );
    expect(replayed.turns().at(-1)!.parts).toEqual(live.turns().at(-1)!.parts);
  });
});
