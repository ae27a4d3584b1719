import { describe, expect, it } from "vitest";
import { Parts } from "../model/parts.js";
import { ConversationService } from "../service/conversation-service.js";
import type { Turn } from "../model/turn.js";
import { FakeClient } from "../test-support/fake-client.js";
import { conversationTestRuntime } from "../test-support/conversation-test-runtime.js";
import type { Summarizer } from "./summarizer.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;
const PARAGRAPH =
  "The widget has a hinge and a latch, and the latch holds the lid against the base when closed. ".repeat(
    20,
  );

class RecordingSummarizer implements Summarizer {
  readonly seen: Array<readonly Turn[]> = [];
  async summarize(turns: readonly Turn[]): Promise<string> {
    this.seen.push(turns);
    return `(${turns.length} turns about widgets)`;
  }
}

async function longConversation(comfortContextTokens: number) {
  const summarizer = new RecordingSummarizer();
  const runtime = conversationTestRuntime(new FakeClient([]));
  const service = new ConversationService({ environment: runtime.environment, summarizer });
  const conversation = await service.obtain({ seat: SEAT, comfortContextTokens });
  conversation
    .putMainObjective("Review the widget patent.")
    .admitSkill("claim_charts", "Chart claims element by element.");
  for (let round = 0; round < 10; round++) {
    conversation.addUser(`Question ${round}: ${PARAGRAPH}`);
    conversation.addAssistant({
      content: "",
      thinking: [],
      toolCalls: [Parts.toolCall(`call_${round}`, "search", { query: `q${round}` })],
    });
    conversation.addToolResults([Parts.toolResult(`call_${round}`, "search", PARAGRAPH)]);
    conversation.addAssistant({ content: `Answer ${round}.`, thinking: [], toolCalls: [] });
  }
  return { service, conversation, summarizer };
}

describe("compaction", () => {
  it("below comfort window × trigger, nothing happens", async () => {
    const { service, conversation, summarizer } = await longConversation(128_000);
    const result = await service.compactIfNeeded(conversation);
    expect(result.compacted).toBe(false);
    expect(summarizer.seen).toHaveLength(0);
  });

  it("past the trigger, older turns become a summary; objective, preamble and recent turns stay whole", async () => {
    const { service, conversation, summarizer } = await longConversation(8_000);
    const before = conversation.turns();
    const result = await service.compactIfNeeded(conversation);
    expect(result.compacted).toBe(true);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
    expect(summarizer.seen[0]).toEqual(before.slice(0, result.summarizedTurns));
    const after = conversation.turns();
    expect(after[0]!.parts[0]!.text).toBe(
      `Summary of the earlier conversation:\n(${result.summarizedTurns} turns about widgets)`,
    );
    expect(after.slice(1)).toEqual(before.slice(result.summarizedTurns)); // recent turns untouched, same objects
    expect(after[1]!.role).toBe("assistant"); // never a tool result cut off from its call
    expect(conversation.objective()).toEqual([["task", "Review the widget patent."]]);
    expect(conversation.preamble()).toEqual([["claim_charts", "Chart claims element by element."]]);
  });

  it("the trigger is a share of the comfort window that the seat may override", async () => {
    const { conversation } = await longConversation(8_000);
    expect(conversation.compactionTrigger).toBe(0.92);
    const runtime = conversationTestRuntime(new FakeClient([]));
    const custom = await runtime.service.obtain({
      seat: SEAT,
      comfortContextTokens: 50_000,
      compactionTrigger: 0.5,
    });
    expect([custom.comfortContextTokens, custom.compactionTrigger]).toEqual([50_000, 0.5]);
  });
});
