// The run every span test reads: a real thinker (`planner`) on a scripted model that shouts
// through a tool, asks a one-call tool, and delegates to a sub-thinker, whose first turn is cut
// off (a truncation retry) and whose tool call fails; all on manual time, every model call
// taking a known latency, under a GenAiTraceObserver exporting to the SDK's in-memory exporter.
import {
  AbstractTool,
  ExternalServiceError,
  ThinkerDeclaration,
  type RunEvent,
  type RunObserver,
} from "@nucleo/core";
import { ConversationService } from "@nucleo/conversation";
import { ManualTimers } from "@nucleo/core/testing";
import {
  ScriptedLlmClient,
  testRuntime,
  type ScriptedAnswer,
  type ScriptedTurn,
} from "@nucleo/testing";
import { ChatTurnInput, ReactiveThinker, type ReactiveThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider, QuickLLMQuestionTool } from "@nucleo/tools";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace";
import { GenAiTraceObserver } from "../gen-ai-trace-observer.js";
import type { GenAiTraceObserverOptions } from "../observer-options.js";

/** When the run starts, on the manual clock. */
export const RUN_START = Date.parse("2026-11-29T12:00:00Z");
/** What the user asks the planner. */
export const PROMPT = "Shout hello, ask 2 + 2, delegate.";
/** How long every scripted model call takes. */
export const LATENCY_MS = 120;

/** `shout({message})`: the message in capitals; the message `fail` makes its service fail. */
class Shout extends AbstractTool<ChatTurnInput, ChatTurnInput> {
  readonly name = "shout";
  override readonly description = "Say a message louder.";
  readonly input = ChatTurnInput;
  readonly output = ChatTurnInput;
  override readonly readOnly = true;
  execute({ message }: ChatTurnInput): ChatTurnInput {
    if (message === "fail")
      throw new ExternalServiceError({ service: "megaphone", step: "shout", detail: "HTTP 503" });
    return { message: message.toUpperCase() };
  }
}

/** A chat thinker with the shout tool and the one-call question tool (and, built in, sub_thinker). */
class Planner extends ReactiveThinker {
  readonly name = "planner";
  override readonly description = "Plans with its tools and a delegate.";

  constructor(options: ReactiveThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(
      new ClassToolProvider(() => new Shout()),
      new ClassToolProvider(() => new QuickLLMQuestionTool({ environment: options.environment })),
    );
  }

  protected instructions(): string {
    return "Answer the user with your tools; delegate what a helper can check.";
  }
}

/** A thinker's final answer envelope. */
const envelope = (answer: unknown) => JSON.stringify({ reasoning: "worked it through", answer });

/**
 * The model's turns, in the order the standard run asks for them. Usage is given in full on
 * every turn so the token attributes are exact.
 */
function standardTurns(): ScriptedTurn[] {
  const usage = (input: number, output: number) => ({ inputTokens: input, outputTokens: output });
  const turns: ScriptedAnswer[] = [
    // planner, turn 1: shout (the provider reports cache reads and writes here)
    ScriptedLlmClient.toolCall(
      "shout",
      { message: "hello" },
      {
        id: "call_shout",
        providerModel: "medium-2026-11",
        usage: { ...usage(100, 10), cachedInputTokens: 40, cacheWriteTokens: 5 },
      },
    ),
    // planner, turn 2: ask the one-call tool
    ScriptedLlmClient.toolCall(
      "quick_llm_question",
      { question: "What is 2 + 2?", grade: "SMALL" },
      { id: "call_quick", usage: usage(200, 20) },
    ),
    // the one-call tool's own call
    ScriptedLlmClient.json({ answer: "4" }, { usage: usage(30, 3) }),
    // planner, turn 3: delegate
    ScriptedLlmClient.toolCall(
      "sub_thinker",
      { objective: "Shout fail and report.", artifact_refs: [] },
      { id: "call_delegate", usage: usage(300, 30) },
    ),
    // sub_thinker, turn 1: cut off at the output budget (the turn is retried at the ceiling)
    { content: '{"reasoning":"', stopReason: "max_tokens", usage: usage(50, 5) },
    // sub_thinker, turn 1 again: shout "fail" (with native thinking)
    ScriptedLlmClient.toolCall(
      "shout",
      { message: "fail" },
      {
        id: "call_fail",
        thinking: ["Shouting as asked."],
        usage: { ...usage(60, 6), reasoningTokens: 4 },
      },
    ),
    // sub_thinker, turn 2: answer
    ScriptedLlmClient.answer(
      envelope({
        summary: "The shout failed.",
        reasoning: { approach: "tried it", steps: ["shout failed"] },
        artifact_refs: [],
      }),
      { usage: usage(70, 7) },
    ),
    // planner, turn 4: answer
    ScriptedLlmClient.answer(envelope("HELLO, 4, and the helper could not shout."), {
      usage: usage(400, 40),
    }),
  ];
  return turns;
}

/** A client answering `turns` in order, each call taking {@link LATENCY_MS} on `time`. */
function timedClient(time: ManualTimers, turns: readonly ScriptedTurn[]): ScriptedLlmClient {
  return new ScriptedLlmClient(
    turns.map((turn) => async () => {
      time.advance(LATENCY_MS);
      return turn;
    }),
  );
}

/** What a traced run leaves behind: its spans, its events, its answer. */
export interface TracedRun {
  readonly spans: ReadableSpan[];
  readonly events: RunEvent[];
  /** The planner's answer, or the error it failed with. */
  readonly answer: string | Error;
  readonly observer: GenAiTraceObserver;
}

/**
 * Runs the planner once on `turns` (the standard run's by default) under a GenAiTraceObserver
 * built with `options` (its tracer is the in-memory provider's unless given), besides
 * `observers`.
 */
export async function tracedRun(
  options: GenAiTraceObserverOptions = {},
  observers: RunObserver[] = [],
  turns: readonly ScriptedTurn[] = standardTurns(),
): Promise<TracedRun> {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const observer = new GenAiTraceObserver({ tracer: provider.getTracer("test"), ...options });
  const time = new ManualTimers(RUN_START);
  const { dispatcher, environment, events } = testRuntime(timedClient(time, turns), {
    time,
    observers: [observer, ...observers],
  });
  const planner = new Planner({ environment, conversations: new ConversationService() });
  const answer = await dispatcher
    .submit(planner, { message: PROMPT })
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  await provider.forceFlush();
  return { spans: exporter.getFinishedSpans(), events, answer, observer };
}
