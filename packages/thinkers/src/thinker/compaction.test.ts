import { ConversationService, type LlmRequest, type Summarizer } from "@nucleo/conversation";
import { ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider, SummarizationTool } from "@nucleo/tools";
import { AbstractTool } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  envelope,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
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
    super(
      ThinkerDeclaration.of({
        grade: "MEDIUM",
        output: "COMPACT",
        comfortContextTokens: 2_000,
        compactionTrigger: 0.5,
      }),
      options,
    );
    this.addTools(new ClassToolProvider(() => new ReadChapter()));
  }
  protected task(): string {
    return "Read the chapters, then answer.";
  }
}

describe("compaction inside the loop", () => {
  it("a conversation past its comfort window is compacted before the next turn, and the transcript still holds the whole run", async () => {
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
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Reader({
      environment,
      conversations: new ConversationService({ environment, summarizer }),
    });

    await expect(dispatcher.submit(thinker, { numbers: [] })).resolves.toEqual({ total: 3 });
    expect(summarized.length).toBeGreaterThan(0);
    const last = client.requests.at(-1)!.request.messages;
    expect(last[0]!.parts[0]!.text).toContain("The chapters read so far say lorem ipsum.");
    const transcript = thinker.transcript();
    expect(transcript.answer).toEqual({ total: 3 });
    expect(transcript.prompt).toBe('{"numbers":[]}');
    expect(
      transcript.turns.map((turn) => [
        turn.turn,
        turn.toolCalls.map((call) => `${call.name}(${String(call.arguments.chapter)})`),
      ]),
    ).toEqual([
      [1, ["read_chapter(1)"]],
      [2, ["read_chapter(2)"]],
      [3, ["read_chapter(3)"]],
      [4, []],
    ]);
    expect(transcript.turns[0]!.toolCalls[0]!.result).toContain("chapter 1:");
  });

  it("the summary runs as a child of the compacting turn: under its parent, ordinal, sealed scope and pin", async () => {
    // The thinker's turns in order; a summary request (it asks to summarise) gets a summary.
    const turns = [
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 1 }),
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 2 }),
      ScriptedLlmClient.toolCall("read_chapter", { chapter: 3 }),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ];
    const answer = (request: LlmRequest) =>
      request.system.text.startsWith("Summarise")
        ? ScriptedLlmClient.json({ summary: "The chapters say lorem ipsum." })
        : turns.shift()!;
    const client = new ScriptedLlmClient(Array.from({ length: 8 }, () => answer));
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const summarizer = new SummarizationTool({ environment });
    const thinker = new Reader({
      environment,
      pin: "large",
      conversations: new ConversationService({ environment, summarizer }),
    });
    await expect(
      dispatcher.submit(thinker, { numbers: [] }, { scope: { axes: { ticket: "T-7" } } }),
    ).resolves.toEqual({ total: 3 });

    const submitted = events.filter((event) => event.type === "job.submitted");
    const root = submitted[0]!;
    const summary = submitted.find((event) => event.jobName === "summarize")!;
    expect(summary).toMatchObject({ parentId: root.jobId, scope: { axes: { ticket: "T-7" } } });
    const callOfSameTurn = submitted.find(
      (event) => event.jobName === "llm_call" && event.ordinal === summary.ordinal,
    );
    expect(callOfSameTurn).toBeDefined();
    // Every call of the run, the summary's included, went to the pinned entry.
    const calls = events.filter((event) => event.type === "llm.call");
    expect(calls.some((call) => call.jobId === summary.jobId)).toBe(true);
    expect(new Set(calls.map((call) => (call as { entryId: string }).entryId))).toEqual(
      new Set(["large"]),
    );
  });
});
