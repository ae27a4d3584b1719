/**
 * Run events of thinker-like loops with what was said on them, shaped as the dispatcher and
 * `LLMCall` emit them: per turn an `LLMCall` job (submitted as a `model_call`, started, a seat,
 * the `llm.call` whose content re-sends the whole conversation, the seat settled, finished
 * with its output) and a tool job (started with its arguments, finished with its result). The
 * conversation's turns are shared objects, as a real conversation's are: the same turn object
 * in every later request. Texts are about `turnChars` long, made of varied words, so the
 * database's full-text vectors have real work to do. Plain erasable TypeScript (Node runs it).
 */
import type { ModelCallContent, RunEvent, SaidMessage } from "@nucleo/core";

/** How a loop workload is made. */
export interface LoopWorkloadOptions {
  /** Model calls per workflow. */
  readonly turns: number;
  /**
   * About how much new text one turn brings, in characters: its answer and its tool's result
   * together, half each (a last turn, with no tool call, brings only its answer).
   */
  readonly turnChars: number;
  /** Prefixes every id, so several runs write different rows. */
  readonly prefix: string;
}

const SYSTEM_WORDS = 300; // a system prompt of about 2 KB

/** A deterministic source of words (a linear congruential generator over a fixed vocabulary). */
class Words {
  #state: number;
  static readonly vocabulary: readonly string[] = Array.from({ length: 4_000 }, (_, index) => {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    let word = "";
    for (let n = index * 7_919 + 13, length = 3 + (index % 7); length > 0; length--) {
      word += letters[n % 26];
      n = Math.floor(n / 26) + index * 31 + length;
    }
    return word;
  });
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  text(chars: number, lead: string): string {
    let text = lead;
    while (text.length < chars) {
      this.#state = (Math.imul(this.#state, 1_664_525) + 1_013_904_223) >>> 0;
      text += ` ${Words.vocabulary[this.#state % Words.vocabulary.length]}`;
    }
    return text;
  }
}

/** One workflow's events: a thinker-like root and `turns` model calls, each followed by a tool call. */
export function loopWorkflow(workflow: number, options: LoopWorkloadOptions): RunEvent[] {
  const words = new Words(workflow + 1);
  const rootId = `${options.prefix}-w${workflow}`;
  const events: RunEvent[] = [];
  let at = Date.UTC(2025, 2, 4) + workflow * 1_000;
  let rootSeq = 0;
  const lineage = (jobId: string, parentId: string | null, seq: number) => ({
    at: at++,
    jobId,
    parentId,
    rootId,
    seq,
  });
  const submitted = (
    jobId: string,
    parentId: string | null,
    jobClass: string,
    role?: "agent" | "model_call",
  ): RunEvent => ({
    ...lineage(jobId, parentId, parentId === null ? ++rootSeq : 1),
    type: "job.submitted",
    jobClass,
    jobName: jobClass.toLowerCase(),
    ordinal: parentId === null ? null : 1,
    kind: parentId === null ? "orchestrator" : "tool",
    scope: { axes: { tenant: "acme" }, readOnly: false },
    ancestors: parentId === null ? [] : [parentId],
    ...(role !== undefined && { role }),
  });

  const task = words.text(400, `Workflow ${workflow}: is the claim novel?`);
  events.push(submitted(rootId, null, "ClaimThinker", "agent"));
  events.push({
    ...lineage(rootId, null, ++rootSeq),
    type: "job.started",
    attempt: 1,
    input: { task },
  });

  const system = words.text(SYSTEM_WORDS * 7, "You check claims against the register.");
  const conversation: SaidMessage[] = [{ role: "user", parts: [{ type: "text", text: task }] }];
  for (let turn = 1; turn <= options.turns; turn++) {
    const last = turn === options.turns;
    const callId = `${rootId}-t${turn}`;
    const half = Math.round(options.turnChars / 2);
    const text = words.text(half - 40, `Turn ${turn} of workflow ${workflow}.`);
    const args = `{"claim":${turn},"register":"EP"}`;
    const toolCalls = last
      ? []
      : [{ type: "tool_call", id: `call_${turn}`, name: "lookup", text: args } as const];
    const content: ModelCallContent = {
      system,
      messages: conversation.slice(),
      tools: ["lookup", "fetch_filing"],
      response: { text, toolCalls, thinking: [] },
    };
    const seatId = `${callId}-seat`;
    events.push(
      submitted(callId, rootId, "LLMCall", "model_call"),
      { ...lineage(callId, rootId, 2), type: "job.started", attempt: 1 },
      {
        ...lineage(callId, rootId, 3),
        type: "seat.reserved",
        seatId,
        grade: "MEDIUM",
        entryId: "gpt-medium",
        inputTokens: 1_500 * turn,
        maxOutputTokens: 800,
        waitedMs: 2,
      },
      {
        ...lineage(callId, rootId, 4),
        type: "llm.call",
        jobClass: "LLMCall",
        ancestors: [rootId],
        entryId: "gpt-medium",
        providerModel: "gpt-x-2025-01",
        provider: "openai",
        requestModel: "gpt-x",
        grade: "MEDIUM",
        depth: "STANDARD",
        usage: {
          inputTokens: 1_200 * turn,
          cachedInputTokens: 1_000 * (turn - 1),
          outputTokens: 500,
        },
        cost: "0.0042125",
        currency: "USD",
        latencyMs: 812,
        stopReason: last ? "end" : "tool_calls",
        attempt: 1,
        corrections: 0,
        content,
      },
      {
        ...lineage(callId, rootId, 5),
        type: "seat.settled",
        seatId,
        outcome: "settled",
        usage: { inputTokens: 1_200 * turn, outputTokens: 500 },
      },
      {
        ...lineage(callId, rootId, 6),
        type: "job.finished",
        durationMs: 800,
        // An LLMCall's output holds the same strings as its response.
        output: { text, toolCalls, thinking: [], stopReason: "tool_calls", valid: true },
      },
    );
    // The conversation appends the answer as a new turn object, as `addAssistant` does.
    const answer: SaidMessage = {
      role: "assistant",
      parts: text === "" ? [...toolCalls] : [{ type: "text", text }, ...toolCalls],
    };
    conversation.push(answer);
    if (last) break;
    const toolId = `${rootId}-tool${turn}`;
    const found = words.text(half, `Claim ${turn}: the register says`);
    events.push(
      submitted(toolId, rootId, "Lookup"),
      {
        ...lineage(toolId, rootId, 2),
        type: "job.started",
        attempt: 1,
        input: { claim: turn, register: "EP" },
      },
      { ...lineage(toolId, rootId, 3), type: "job.finished", durationMs: 20, output: found },
    );
    conversation.push({
      role: "user",
      parts: [
        {
          type: "tool_result",
          callId: `call_${turn}`,
          name: "lookup",
          text: found,
          isError: false,
        },
      ],
    });
  }
  events.push({
    ...lineage(rootId, null, ++rootSeq),
    type: "job.finished",
    durationMs: 60_000,
    output: { novel: true },
  });
  return events;
}

/** At least `count` events, in whole workflows. */
export function loopWorkload(count: number, options: LoopWorkloadOptions): RunEvent[] {
  const events: RunEvent[] = [];
  for (let workflow = 0; events.length < count; workflow++)
    for (const event of loopWorkflow(workflow, options)) events.push(event);
  return events;
}
