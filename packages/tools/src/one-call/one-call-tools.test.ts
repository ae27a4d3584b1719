import { ConversationService, Parts } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { toolTestRuntime } from "../test-support/tool-test-runtime.js";
import { AnalyzeViolationTool } from "./analyze-violation-tool.js";
import { QuickLLMQuestionTool } from "./quick-llm-question-tool.js";
import { SummarizationTool } from "./summarization-tool.js";

describe("one-call tools", () => {
  it("QuickLLMQuestionTool takes its grade from its input, per question", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ answer: "Paris" }),
      ScriptedLlmClient.json({ answer: "Because of the hinge." }),
    ]);
    const { dispatcher, environment } = toolTestRuntime(client);
    await expect(
      dispatcher.submit(new QuickLLMQuestionTool({ environment }), {
        question: "Capital of France?",
        grade: "SMALL",
      }),
    ).resolves.toEqual({ answer: "Paris" });
    await dispatcher.submit(new QuickLLMQuestionTool({ environment }), {
      question: "Why is claim 1 novel?",
      grade: "LARGE",
      context: "D1 lacks a hinge.",
    });
    expect(client.requests.map((call) => call.binding.entry.id)).toEqual(["small", "large"]);
    expect(client.requests[1]!.request.messages[0]!.parts[0]!.text).toContain(
      '"context": "D1 lacks a hinge."',
    );
  });

  it("an instance submitted twice answers each input in a fresh conversation", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ answer: "Paris" }),
      ScriptedLlmClient.json({ answer: "Berlin" }),
    ]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const tool = new QuickLLMQuestionTool({ environment });
    await dispatcher.submit(tool, { question: "Capital of France?", grade: "SMALL" });
    await expect(
      dispatcher.submit(tool, { question: "Capital of Germany?", grade: "LARGE" }),
    ).resolves.toEqual({ answer: "Berlin" });
    expect(client.requests[1]!.binding.entry.id).toBe("large");
    expect(client.requests[1]!.request.messages).toHaveLength(1);
    expect(client.requests[1]!.request.messages[0]!.parts[0]!.text).toContain("Germany");
  });

  it("QuickLLMQuestionTool refuses a question without a grade, naming it", async () => {
    const { dispatcher, environment } = toolTestRuntime(new ScriptedLlmClient([]));
    await expect(
      dispatcher.submit(new QuickLLMQuestionTool({ environment }), { question: "?" } as never),
    ).rejects.toThrow(/"grade"/);
  });

  it("SummarizationTool works at SMALL, and as the conversation's Summarizer it runs itself as a job", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ summary: "Two turns about hinges." }),
    ]);
    const { dispatcher, environment, events } = toolTestRuntime(client);
    const summarizer = new SummarizationTool({
      environment,
      submit: (job, input, options) => dispatcher.submit(job, input, options),
    });
    const summary = await summarizer.summarize(
      [
        { role: "user", parts: [Parts.text("Is the hinge new?")] },
        { role: "assistant", parts: [Parts.text("Yes.")] },
      ],
      {},
    );
    expect(summary).toBe("Two turns about hinges.");
    expect(client.requests[0]!.binding.entry.grade).toBe("SMALL");
    expect(client.requests[0]!.request.messages[0]!.parts[0]!.text).toContain(
      "user: Is the hinge new?",
    );
    expect(events.some((event) => event.type === "llm.call")).toBe(true);
  });

  it("SummarizationTool compacts a conversation through the ConversationService", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ summary: "Earlier: ten long questions about widgets." }),
    ]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const service = new ConversationService({
      environment,
      summarizer: new SummarizationTool({
        environment,
        submit: (job, input) => dispatcher.submit(job, input),
      }),
    });
    const conversation = await service.obtain({
      seat: { grade: "MEDIUM", depth: "QUICK", output: "COMPACT" },
      comfortContextTokens: 2_000,
    });
    for (let turn = 0; turn < 10; turn++) {
      conversation.addUser(`Question ${turn}: ${"the widget's hinge and latch ".repeat(30)}`);
      conversation.addAssistant({ content: `Answer ${turn}.`, thinking: [], toolCalls: [] });
    }
    const result = await service.compactIfNeeded(conversation);
    expect(result.compacted).toBe(true);
    expect(conversation.turns()[0]!.parts[0]!.text).toContain(
      "Earlier: ten long questions about widgets.",
    );
  });

  it("AnalyzeViolationTool works at SMALL and answers with its verdict shape", async () => {
    const verdict = {
      violated: true,
      severity: "medium",
      explanation: "The rule forbids naming the client; the text names it.",
    };
    const client = new ScriptedLlmClient([ScriptedLlmClient.json(verdict)]);
    const { dispatcher, environment } = toolTestRuntime(client);
    await expect(
      dispatcher.submit(new AnalyzeViolationTool({ environment }), {
        rule: "Never name the client.",
        subject: "Acme asked us to…",
      }),
    ).resolves.toEqual(verdict);
    expect(client.requests[0]!.binding.entry.grade).toBe("SMALL");
  });

  it("each one-call tool is read-only and asks under its own instructions", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ answer: "Paris" }),
      ScriptedLlmClient.json({ summary: "Short." }),
      ScriptedLlmClient.json({ violated: false, severity: "none", explanation: "No name." }),
    ]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const question = new QuickLLMQuestionTool({ environment });
    const summary = new SummarizationTool({ environment });
    const violation = new AnalyzeViolationTool({ environment });
    await dispatcher.submit(question, { question: "Capital of France?", grade: "SMALL" });
    await dispatcher.submit(summary, { text: "A long text." });
    await dispatcher.submit(violation, { rule: "Never name the client.", subject: "Hello." });
    expect([question.readOnly, summary.readOnly, violation.readOnly]).toEqual([true, true, true]);
    expect(question.askedWith()!.objective).toMatch(/^Answer the question below\./);
    expect(summary.askedWith()!.objective).toMatch(/^Summarise the text below/);
    expect(violation.askedWith()!.objective).toMatch(
      /^Judge whether the subject breaks the rule\./,
    );
  });
});
