import { describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { formatTranscript } from "./format-transcript.js";
import { RecorderQueries } from "./recorder-queries.js";
import type { RecordedPart } from "./recorded-message.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import type { TranscriptCall, WorkflowTranscript } from "./workflow-transcript.js";

describeOnBothDatabases("formatTranscript", (open) => {
  it("prints jobs by depth with input and output, each call's new messages by role, tool calls and results, thinking, the answer, and model, tokens and cost", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const text = formatTranscript(await new RecorderQueries(db).workflowTranscript("chat-1"));
    expect(text).toBe(
      `Workflow chat-1: 8 jobs, 4 model calls
support · SupportWorkflow · finished · job chat-1
  input: {"question":"Can I get a refund for order 42?"}
  support agent · SupportAgent · agent · finished · job agent
    input: {"question":"Can I get a refund for order 42?"}
    turn · LLMCall · model_call · finished · job turn-1
      model call 1 · model-a · 120 in, 30 out tokens · USD 0.001 · 800 ms · tool_use
        system: You answer customers of Acme.
        user: Can I get a refund for order 42?
        answer, thinking: The refund policy decides this.
        answer: Let me look that up.
        answer, tool call search_policy (call-1): {"query":"refund window"}
    search_policy · SearchPolicy · finished · job search
      input: {"query":"refund window"}
      output: "Refunds are granted within 30 days."
    turn · LLMCall · model_call · finished · job turn-2
      model call 1 · model-a · 180 in, 100 cache read, 12 out tokens · USD 0.002 · 650 ms · end
        (2 earlier messages of this conversation)
        user, tool result search_policy (call-1): Refunds are granted within 30 days.
        answer: Yes: refunds are granted within 30 days.
    output: "Yes: refunds are granted within 30 days."
  summarize · Summarize · finished · job summary
    input: {"text":"Yes: refunds are granted within 30 days."}
    model call 1 · model-small · 40 in, 8 out tokens · USD 0.0005 · 0 ms · end
      system: Summarize in three words.
      user: Yes: refunds are granted within 30 days.
      answer: Refund: 30 days.
    output: null
  classify · Classify · finished · job quiet
    model call 1 · model-a · 10 in, 1 out tokens · USD 0.0001 · 0 ms · end
      (what was said was not recorded)
  notify · Notify · running · job pending
    input: {"to":"customer@example.com"}
  output: {"answer":"Yes, within 30 days."}
`,
    );
  });
});

const HOSTILE = [
  "\x1b[2J\x1b[H", // clear the screen
  "\x1b]8;;https://evil.example\x07click\x1b]8;;\x07", // a hidden hyperlink
  "\x1b]0;new title\x1b\\", // the window's title
  "\u202Eexe.txt", // reads backwards
  "\u2066isolated\u2069",
  "\x9b31m", // an 8-bit CSI
  "\x07\x08\x7f",
].join(" ");

/** What a terminal would act on: controls (but the line breaks we write), C1, bidi controls. */
const ACTIVE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

function call(parts: RecordedPart[], response: RecordedPart[]): TranscriptCall {
  return {
    jobId: "j",
    seq: 1,
    rootId: "w",
    at: 0,
    entryId: "e",
    providerName: null,
    requestModel: null,
    responseModel: `model${HOSTILE}`,
    tokens: { input: 1_234, cacheRead: 0, cacheCreation: 5, output: 2, reasoning: 7 },
    cacheCreation1hTokens: 0,
    cost: "0.01",
    currency: "USD",
    latencyMs: 12,
    finishReason: "end",
    attempt: 1,
    content: {
      system: `be kind${HOSTILE}`,
      priorMessages: 1,
      messages: [{ hash: "h1", role: "user", parts }],
      tools: [],
      toolChoice: null,
      responseFormat: null,
      response: { hash: "h2", role: "assistant", parts: response },
      missingMessages: 1,
    },
  };
}

describe("formatTranscript and untrusted text", () => {
  const transcript: WorkflowTranscript = {
    rootId: `w${HOSTILE}`,
    jobs: [
      {
        jobId: "j",
        parentId: null,
        depth: 0,
        jobName: `name${HOSTILE}`,
        jobClass: "Cls",
        kind: "tool",
        role: null,
        status: "failed",
        error: { code: "boom", message: `failed${HOSTILE}` },
        input: { text: `in${HOSTILE}` },
        output: undefined,
        calls: [
          call(
            [
              { type: "text", text: `first line\r${HOSTILE}overwritten?\nsecond line` },
              {
                type: "tool_result",
                callId: `c${HOSTILE}`,
                name: `t${HOSTILE}`,
                text: HOSTILE,
                isError: true,
              },
              {
                type: "image",
                mediaType: "image/png",
                name: `x${HOSTILE}.png`,
                omittedChars: 4_096,
              },
              { type: "unrecognized", partType: `audio${HOSTILE}` },
            ],
            [
              { type: "thinking", text: `hmm${HOSTILE}` },
              { type: "thinking", text: "", redacted: true },
              { type: "tool_call", id: "c1", name: `run${HOSTILE}`, text: `{"cmd":"${HOSTILE}"}` },
            ],
          ),
        ],
      },
    ],
  };
  const text = formatTranscript(transcript);

  it("lets no control sequence, control character or bidi override of model text reach the terminal", () => {
    for (const line of text.split("\n")) expect(line, JSON.stringify(line)).not.toMatch(ACTIVE);
    expect(text).not.toContain("\x1b");
  });

  it("starts a new, indented line where model text breaks one, a lone carriage return included", () => {
    const lines = text.split("\n");
    const first = lines.findIndex((line) => line.endsWith("user: first line"));
    expect(first).toBeGreaterThan(0);
    expect(lines[first + 1]).toMatch(/^ {6}.*click.*overwritten\?$/);
    expect(lines[first + 2]).toBe("      second line");
  });

  it("marks thinking, redacted thinking, tool calls and results, media, unknown parts, elided and missing messages", () => {
    for (const expected of [
      "  model call 1 · model",
      "1,234 in, 5 cache write, 2 out, 7 reasoning tokens · USD 0.01 · 12 ms · end",
      "    (1 earlier message of this conversation)",
      "    user, tool result t",
      ", error: ",
      "    user, image: image/png x",
      "(4,096 characters of data not kept)",
      "    user, part: of a kind this version cannot show (audio",
      "    answer, thinking: hmm",
      "    answer, thinking (redacted by the provider):",
      "    answer, tool call run",
      "    (1 message not stored)",
      "  error: boom: failed",
    ])
      expect(text).toContain(expected);
  });
});
