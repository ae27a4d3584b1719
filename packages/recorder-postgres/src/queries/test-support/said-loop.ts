import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";
import { kept, seedSaid, type KeptMessage, type SeedCallContent } from "./said-rows.js";
import { seedRows, type SeedCall, type SeedJob } from "./seed-rows.js";

/** The messages of a thinker loop's turn `turn` (1-based): its answer and the tool's result. */
export function loopTurn(turn: number): { answer: KeptMessage; result: KeptMessage } {
  return {
    answer: kept.assistant(kept.toolCall(`call-${turn}`, "lookup", { page: turn })),
    result: kept.user(kept.toolResult(`call-${turn}`, "lookup", `page ${turn} says ${turn * 7}`)),
  };
}

/**
 * A workflow `rootId` whose thinker `<rootId>-agent` runs `turns` turns as a real loop does:
 * each turn (`<rootId>-turn-001`, ...) a `model_call` job under it whose request re-sends the
 * whole conversation so far (the question, then every earlier answer and tool result),
 * answering with a tool call.
 */
export async function seedThinkerLoop(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  turns: number,
): Promise<void> {
  const jobs: SeedJob[] = [
    { id: rootId, kind: "doer", startedAt: "2025-03-03T09:00:00Z" },
    { id: `${rootId}-agent`, parentId: rootId, ordinal: 1, kind: "thinker", role: "agent" },
  ];
  const calls: SeedCall[] = [];
  const content: SeedCallContent[] = [];
  const conversation: KeptMessage[] = [kept.user("Add up the pages.")];
  for (let turn = 1; turn <= turns; turn += 1) {
    const jobId = `${rootId}-turn-${String(turn).padStart(3, "0")}`;
    jobs.push({
      id: jobId,
      parentId: `${rootId}-agent`,
      ordinal: turn,
      jobClass: "LLMCall",
      role: "model_call",
      startedAt: new Date(Date.UTC(2025, 2, 3, 9, 0, turn)).toISOString(),
    });
    calls.push({ jobId, cost: "0.001", inputTokens: 100 * turn, outputTokens: 10 });
    const { answer, result } = loopTurn(turn);
    content.push({
      jobId,
      seq: 1,
      system: "Use the lookup tool.",
      messages: [...conversation],
      response: answer,
      tools: ["lookup"],
    });
    conversation.push(answer, result);
  }
  const { rootOf } = await seedRows(db, { jobs, calls });
  await seedSaid(db, { rootOf, calls: content });
}
