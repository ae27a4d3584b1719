import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";
import { kept, seedSaid, type KeptMessage } from "./said-rows.js";
import { seedRows } from "./seed-rows.js";

const at = (minute: number, second: number): string =>
  new Date(Date.UTC(2025, 2, 3, 9, minute, second)).toISOString();

/** The support agent's system text and the user's question in `chat-1`. */
export const SUPPORT_SYSTEM = "You answer customers of Acme.";
export const QUESTION = kept.user("Can I get a refund for order 42?");
/** The first turn's answer: thinking, text, then a tool call (the writer's order). */
export const FIRST_ANSWER = kept.assistant(
  kept.thinking("The refund policy decides this."),
  "Let me look that up.",
  kept.toolCall("call-1", "search_policy", { query: "refund window" }),
);
export const TOOL_RESULT = kept.user(
  kept.toolResult("call-1", "search_policy", "Refunds are granted within 30 days."),
);
export const FINAL_ANSWER = kept.assistant("Yes: refunds are granted within 30 days.");

/**
 * What was said in three workflows:
 *
 * - `chat-1` (newest): a support thinker (`agent`) with two turns (`model_call` jobs, one call
 *   each) and a tool between them, the second turn re-sending the first's conversation; a
 *   summarising tool with a direct call of its own; `quiet`, a call recorded without content;
 *   and `pending`, a job that has started but not finished (input only).
 * - `chat-2` (older): "refund" only in its root's input.
 * - `chat-3`: nothing about refunds.
 */
export async function seedSaidRuns(db: Kysely<RecorderDatabase>): Promise<void> {
  const { rootOf } = await seedRows(db, {
    jobs: [
      {
        id: "chat-1",
        jobClass: "SupportWorkflow",
        jobName: "support",
        kind: "doer",
        startedAt: at(10, 0),
      },
      {
        id: "agent",
        parentId: "chat-1",
        ordinal: 1,
        jobClass: "SupportAgent",
        jobName: "support agent",
        kind: "thinker",
        role: "agent",
        startedAt: at(10, 1),
      },
      {
        id: "turn-1",
        parentId: "agent",
        ordinal: 1,
        jobClass: "LLMCall",
        jobName: "turn",
        role: "model_call",
        startedAt: at(10, 2),
      },
      {
        id: "search",
        parentId: "agent",
        ordinal: 2,
        jobClass: "SearchPolicy",
        jobName: "search_policy",
        startedAt: at(10, 3),
      },
      {
        id: "turn-2",
        parentId: "agent",
        ordinal: 3,
        jobClass: "LLMCall",
        jobName: "turn",
        role: "model_call",
        startedAt: at(10, 4),
      },
      {
        id: "summary",
        parentId: "chat-1",
        ordinal: 2,
        jobClass: "Summarize",
        jobName: "summarize",
        startedAt: at(10, 5),
      },
      {
        id: "quiet",
        parentId: "chat-1",
        ordinal: 3,
        jobClass: "Classify",
        jobName: "classify",
        startedAt: at(10, 6),
      },
      {
        id: "pending",
        parentId: "chat-1",
        ordinal: 4,
        jobClass: "Notify",
        jobName: "notify",
        status: "running",
        startedAt: at(10, 7),
      },
      {
        id: "chat-2",
        jobClass: "SupportWorkflow",
        jobName: "support",
        kind: "doer",
        startedAt: at(5, 0),
      },
      {
        id: "chat-3",
        jobClass: "SupportWorkflow",
        jobName: "support",
        kind: "doer",
        startedAt: at(20, 0),
      },
    ],
    calls: [
      {
        jobId: "turn-1",
        cost: "0.0010",
        inputTokens: 120,
        outputTokens: 30,
        latencyMs: 800,
        finishReason: "tool_use",
        at: at(10, 2),
      },
      {
        jobId: "turn-2",
        cost: "0.002",
        inputTokens: 180,
        cacheReadTokens: 100,
        outputTokens: 12,
        latencyMs: 650,
        at: at(10, 4),
      },
      {
        jobId: "summary",
        cost: "0.0005",
        model: "model-small",
        inputTokens: 40,
        outputTokens: 8,
        at: at(10, 5),
      },
      { jobId: "quiet", cost: "0.0001", inputTokens: 10, outputTokens: 1, at: at(10, 6) },
    ],
  });
  const firstTurn: KeptMessage[] = [QUESTION];
  await seedSaid(db, {
    rootOf,
    jobs: [
      {
        jobId: "chat-1",
        input: { question: "Can I get a refund for order 42?" },
        output: { answer: "Yes, within 30 days." },
      },
      {
        jobId: "agent",
        input: { question: "Can I get a refund for order 42?" },
        output: "Yes: refunds are granted within 30 days.",
      },
      {
        jobId: "search",
        input: { query: "refund window" },
        output: "Refunds are granted within 30 days.",
      },
      {
        jobId: "summary",
        input: { text: "Yes: refunds are granted within 30 days." },
        output: null,
      },
      { jobId: "pending", input: { to: "customer@example.com" } },
      {
        jobId: "chat-2",
        input: { question: "Where is my refund?" },
        output: { answer: "On its way." },
      },
      {
        jobId: "chat-3",
        input: { question: "Do you ship to Mars?" },
        output: { answer: "Not yet." },
      },
    ],
    calls: [
      {
        jobId: "turn-1",
        seq: 1,
        system: SUPPORT_SYSTEM,
        messages: firstTurn,
        response: FIRST_ANSWER,
        tools: ["search_policy"],
        toolChoice: "auto",
      },
      {
        jobId: "turn-2",
        seq: 1,
        system: SUPPORT_SYSTEM,
        messages: [...firstTurn, FIRST_ANSWER, TOOL_RESULT],
        response: FINAL_ANSWER,
        tools: ["search_policy"],
        toolChoice: "auto",
      },
      {
        jobId: "summary",
        seq: 1,
        system: "Summarize in three words.",
        messages: [kept.user("Yes: refunds are granted within 30 days.")],
        response: kept.assistant("Refund: 30 days."),
        responseFormat: { name: "summary", schema: { type: "object" } },
      },
    ],
  });
}
