import { ConversationService, type Summarizer } from "@nucleo/conversation";
import { ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider } from "@nucleo/tools";
import { AbstractTool } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import { envelope, SumAnswer, SumQuestion, world } from "../test-support/world.js";
import type { ThinkerOptions } from "./abstract-thinker.js";

const LongOutput = z.object({ text: z.string() });
class ReadChapter extends AbstractTool<{ chapter: number }, { text: string }> {
  readonly name = "read_chapter";
  readonly input = z.object({ chapter: z.number() });
  readonly output = LongOutput;
  override readonly readOnly = true;
  execute(input: { chapter: number }) {
    return { text: `chapter ${input.chapter}: ${"lorem ipsum dolor sit amet ".repeat(60)}` };
  }
}

class Reader extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "reader";
  readonly input = SumQuestion;
  readonly output = SumAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT", comfortContextTokens: 2_000, compactionTrigger: 0.5 }), options);
    this.addTools(new ClassToolProvider(() => new ReadChapter()));
  }
  protected task(): string {
    return "Read the chapters, then answer.";
  }
}

describe("compaction inside the loop", () => {
  it("a conversation past its comfort window is compacted before the next turn, and the transcript still starts at the run's first turn", async () => {
    const summarized: number[] = [];
    const summarizer: Summarizer = {
      summarize: async (turns) => {
        summarized.push(turns.length);
        return "The chapters read so far say lorem ipsum.";
      },
    };
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 1 }),
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 2 }),
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 3 }),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ]);
    const { dispatcher, environment } = world(client);
    const thinker = new Reader({ environment, conversations: new ConversationService({ environment, summarizer }) });

    await expect(dispatcher.submit(thinker, { numbers: [] })).resolves.toEqual({ total: 3 });
    expect(summarized.length).toBeGreaterThan(0);
    const last = client.requests.at(-1)!.request.messages;
    expect(last[0]!.parts[0]!.text).toContain("The chapters read so far say lorem ipsum.");
    const transcript = thinker.transcript();
    expect(transcript.answer).toEqual({ total: 3 });
    expect(transcript.turns.at(-1)!.toolCalls).toEqual([]);
  });
});
