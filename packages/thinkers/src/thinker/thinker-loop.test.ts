import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { envelope, Summer, world } from "../test-support/world.js";

describe("the thinker loop", () => {
  it("runs a tool call, then accepts the answer", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.toolCall("add", { a: 2, b: 3 }), ScriptedLlmClient.answer(envelope({ total: 5 }))]);
    const { dispatcher, environment } = world(client);
    const thinker = new Summer({ environment });
    await expect(dispatcher.submit(thinker, { numbers: [2, 3] })).resolves.toEqual({ total: 5 });
    const second = client.requests[1]!.request;
    expect(second.messages.at(-1)!.parts).toEqual([expect.objectContaining({ type: "tool_result", text: '{"sum":5}', isError: false })]);
    expect(thinker.transcript().turns.map((turn) => turn.toolCalls.map((call) => call.result))).toEqual([['{"sum":5}'], []]);
  });
});
