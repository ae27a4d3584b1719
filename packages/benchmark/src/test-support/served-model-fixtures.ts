// The package's test fixtures: jobs that answer with the model they were served, a client whose
// calls the test can hold and release, and a catalog of three MEDIUM entries and an XL judge
// (CEILING resolves to XL here). The judge's tests add a LARGE entry with a vendor prefix, and
// check blindness with `namesIn`. Every entry's provider model name differs from its id.
import type { CatalogEntryInput } from "@nucleo/catalog";
import {
  responseContract,
  type LlmBinding,
  type LlmClient,
  type LlmDelta,
  type LlmRequest,
  type LlmResponse,
} from "@nucleo/conversation";
import {
  RunLog,
  ThinkerDeclaration,
  type AttemptInfo,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { ScriptedLlmClient, testRuntime, type ScriptedAnswer } from "@nucleo/testing";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import {
  AbstractModelDependentTool,
  ClassToolProvider,
  QuickLLMQuestionTool,
  type ModelDependentToolOptions,
} from "@nucleo/tools";
import { z } from "zod";

/** A catalog entry at these input and output prices, with generous limits. */
export function entry(
  id: string,
  model: string,
  grade: CatalogEntryInput["grade"],
  input = "1",
  output = "4",
  provider: CatalogEntryInput["provider"] = "openai",
): CatalogEntryInput {
  return {
    id,
    provider,
    model,
    grade,
    contextWindow: 128_000,
    outputCeiling: 16_000,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "test fixture", input, output },
    limits: { tokensPerMinute: 100_000_000 },
  };
}

export const ENTRIES: CatalogEntryInput[] = [
  entry("model-alpha", "alpha-chat-2", "MEDIUM", "1", "4"),
  entry("model-beta", "beta-pro-1", "MEDIUM", "2", "8", "anthropic"),
  entry("model-gamma", "gamma-mini-3", "MEDIUM", "0.5", "2"),
  entry("judge-xl", "judge-ultra-9", "XL", "10", "40"),
];

/** {@link ENTRIES} and a LARGE entry whose provider model name has a vendor prefix (`delta/`). */
export const JUDGE_ENTRIES: CatalogEntryInput[] = [
  ...ENTRIES,
  entry("model-delta", "delta/delta-large-3", "LARGE"),
];

/** Every entry id and provider model name of `entries`: what a judge must never see. */
export function modelNames(entries: readonly CatalogEntryInput[]): string[] {
  return entries.flatMap((item) => [item.id, item.model]);
}

/** Every name of {@link ENTRIES} a judge must never see. */
export const MODEL_NAMES = modelNames(ENTRIES);

export const Question = z.object({ question: z.string() });
export const ServedAnswer = z.object({ model: z.string().describe("The model that answered.") });
export type ServedAnswer = z.infer<typeof ServedAnswer>;
const SERVED = responseContract("served_model", ServedAnswer);

/** A one-call tool whose model answers with its own entry id. */
export class ServedModelTool extends AbstractModelDependentTool<
  z.infer<typeof Question>,
  ServedAnswer
> {
  readonly name: string = "served_model";
  override readonly description = "Say which model answers.";
  readonly input = Question;
  readonly output = ServedAnswer;
  override readonly readOnly = true;
  /** Declares MEDIUM unless `options` says otherwise (`grade: undefined`: the parent's grade and pin). */
  constructor(options: ModelDependentToolOptions) {
    super("grade" in options ? options : { ...options, grade: "MEDIUM" });
  }
  override requirements(input: z.infer<typeof Question>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: SERVED },
      "Say which model you are.",
    );
  }
  async execute(_input: z.infer<typeof Question>, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

const ThinkerQuestion = thinkerInput({ question: z.string() });

/** The task a {@link ServedModelThinker} works under: its whole objective. */
export const SERVED_MODEL_TASK =
  "Ask the served_model tool which model answers, then answer with it.";

/**
 * A thinker that asks `served_model` (a child that takes its own seat) and answers with what it
 * was told. By default the child declares no grade of its own, so it takes the thinker's grade
 * and pin; with `childGrade` it declares one, and the picker serves it whatever the pin.
 */
export class ServedModelThinker extends SingleObjectiveThinker<
  z.infer<typeof ThinkerQuestion>,
  ServedAnswer
> {
  readonly name = "served_model_thinker";
  override readonly description = "Finds out which model answers.";
  readonly input = ThinkerQuestion;
  readonly output = ServedAnswer;
  constructor(options: ThinkerOptions, childGrade?: "MEDIUM") {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(
      new ClassToolProvider(
        () => new ServedModelTool({ environment: options.environment, grade: childGrade }),
      ),
    );
  }
  protected task(): string {
    return SERVED_MODEL_TASK;
  }
}

/**
 * {@link ServedModelTool} under its own name and with a grade of its own (MEDIUM), for a thinker
 * to offer beside the gradeless one.
 */
export class DeclaredServedModelTool extends ServedModelTool {
  override readonly name = "served_model_declared";
  constructor(options: Omit<ModelDependentToolOptions, "grade">) {
    super({ ...options, grade: "MEDIUM" });
  }
}

/**
 * A thinker with three children that each take a seat of their own: `served_model`, which
 * declares no grade (so it runs at the thinker's grade, on its pin when it has one);
 * `served_model_declared`, which declares MEDIUM; and `quick_llm_question`, whose grade is in
 * its input. Its turns are the test's to script (the client's `answer`).
 */
export class ServedModelParentThinker extends SingleObjectiveThinker<
  z.infer<typeof ThinkerQuestion>,
  ServedAnswer
> {
  readonly name = "served_model_parent";
  override readonly description = "Asks three children which model answers.";
  readonly input = ThinkerQuestion;
  readonly output = ServedAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(
      new ClassToolProvider(
        () => new ServedModelTool({ environment: options.environment, grade: undefined }),
      ),
      new ClassToolProvider(
        () => new DeclaredServedModelTool({ environment: options.environment }),
      ),
      new ClassToolProvider(() => new QuickLLMQuestionTool({ environment: options.environment })),
    );
  }
  protected task(): string {
    return "Ask each of your tools which model answers, then answer with the model you run on.";
  }
}

/** What kind of call the client received: a `quick_llm_question` call is a `question`. */
export type CallKind = "tool" | "question" | "thinker" | "judge";

/** One call the client received. */
export interface ReceivedCall {
  readonly kind: CallKind;
  readonly entryId: string;
  readonly request: LlmRequest;
  /** Everything the model was shown, as one text (system, every turn). */
  readonly text: string;
  /** Whether the call has been answered (or failed). */
  done: boolean;
}

/** How the client answers one call: an answer, a fault, or (with `undefined`) its default. */
export type Answerer = (call: ReceivedCall) => ScriptedAnswer | Error | undefined;

/**
 * Answers every call with the model it was served: the one-call tools and the thinker with the
 * entry id of their binding (the thinker also names its provider model in its tool arguments,
 * its reasoning and its thinking), the judge with a full-marks verdict. Entries put on hold wait
 * until released (or until their call is aborted), so a test can see which calls are in flight
 * at once.
 */
export class ServedModelClient implements LlmClient {
  readonly calls: ReceivedCall[] = [];
  #holds: Array<(call: ReceivedCall) => boolean> = [];
  #waiting: Array<{ call: ReceivedCall; release: () => void }> = [];
  answer: Answerer = () => undefined;

  /** Makes calls on these entries (or the calls a predicate picks) wait until released. */
  hold(...which: Array<string | ((call: ReceivedCall) => boolean)>): void {
    for (const item of which)
      this.#holds.push(typeof item === "string" ? (call) => call.entryId === item : item);
  }

  /** Lifts every hold and lets the waiting calls go. */
  releaseAll(): void {
    this.#holds = [];
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const waiter of waiting) waiter.release();
  }

  /** Calls received and not yet answered. */
  inFlight(kind?: CallKind): ReceivedCall[] {
    return this.calls.filter((call) => !call.done && (kind === undefined || call.kind === kind));
  }

  async send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse> {
    const call: ReceivedCall = {
      kind: kindOf(request, binding),
      entryId: binding.entry.id,
      request,
      text: textOf(request),
      done: false,
    };
    this.calls.push(call);
    try {
      if (this.#holds.some((held) => held(call))) await this.#wait(call, signal);
      const answer = this.answer(call) ?? defaultAnswer(call, binding);
      return await new ScriptedLlmClient([answer]).send(request, binding, signal);
    } finally {
      call.done = true;
    }
  }

  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    return await this.send(request, binding, signal);
  }

  #wait(call: ReceivedCall, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push({
        call,
        release: () => (signal.removeEventListener("abort", onAbort), resolve()),
      });
    });
  }
}

/** A full-marks verdict, as a judge would send it. */
export const FULL_MARKS = {
  misusedTools: [],
  accuracy: 7,
  shownWork: 3,
  reason: "Agrees with the reference; every step shown.",
};

function kindOf(request: LlmRequest, binding: LlmBinding): CallKind {
  if (binding.entry.grade === "XL") return "judge";
  if (request.responseFormat?.name === "quick_answer") return "question";
  return request.responseFormat?.name === "served_model" ? "tool" : "thinker";
}

function defaultAnswer(call: ReceivedCall, binding: LlmBinding): ScriptedAnswer {
  if (call.kind === "judge") return ScriptedLlmClient.json(FULL_MARKS);
  if (call.kind === "tool") return ScriptedLlmClient.json({ model: binding.entry.id });
  if (call.kind === "question") return ScriptedLlmClient.json({ answer: binding.entry.id });
  const { id, model } = binding.entry;
  const asked = call.request.messages.some((turn) =>
    turn.parts.some((part) => part.type === "tool_result"),
  );
  if (!asked) return ScriptedLlmClient.toolCall("served_model", { question: `Are you ${model}?` });
  const told = /"model":\s*"([^"]+)"/.exec(
    call.request.messages
      .flatMap((turn) =>
        turn.parts.filter((part) => part.type === "tool_result").map((part) => part.text),
      )
      .join(""),
  );
  return ScriptedLlmClient.json(
    {
      reasoning: `I run as ${model} (${id}); the served_model tool said ${told?.[1] ?? "nothing"}.`,
      answer: { model: told?.[1] ?? "unknown" },
    },
    { thinking: [`Thinking as ${model}.`] },
  );
}

function textOf(request: LlmRequest): string {
  return [
    request.system.text,
    ...request.messages.flatMap((turn) => turn.parts.map((part) => part.text)),
  ].join("\n");
}

/** A {@link benchmarkTestRuntime} whose model calls go to a {@link ServedModelClient}. */
export function servedModelRuntime(entries: CatalogEntryInput[] = ENTRIES) {
  return benchmarkTestRuntime(new ServedModelClient(), entries);
}

/**
 * A `testRuntime` around `client` over `entries`, on manual time from 2026-11-30 09:00 UTC,
 * whose dispatcher also reports to a `runLog`; `log` keeps the tables a benchmark logs in `logged`.
 */
export function benchmarkTestRuntime<Client extends LlmClient>(
  client: Client,
  entries: CatalogEntryInput[] = ENTRIES,
) {
  const time = new ManualTimers(Date.parse("2026-11-30T09:00:00Z"));
  const runLog = new RunLog();
  const logged: string[] = [];
  return {
    time,
    runLog,
    logged,
    log: (table: string) => logged.push(table),
    ...testRuntime(client, { entries, time, observers: [runLog] }),
  };
}

/** Lets the event loop turn until `condition` holds (no timers: calls and promises move on their own). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 2_000; turn++) {
    if (condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`Gave up waiting until ${what}.`);
}

/**
 * The names that still stand on their own in `text`, found without the blindfold's regex
 * (plain `indexOf`; a kept `[model]` counts as a separator), so a test of the blindfold does
 * not check it with itself.
 */
export function namesIn(text: string, names: readonly string[]): string[] {
  const plain = text.toLowerCase().replaceAll("[model]", "\u0000");
  const isWordCharacter = (character: string | undefined) =>
    character !== undefined && /[\p{L}\p{N}]/u.test(character);
  const found: string[] = [];
  for (const name of names.map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    for (let at = plain.indexOf(name); at >= 0; at = plain.indexOf(name, at + 1)) {
      const leftOpen = !isWordCharacter(name[0]) || !isWordCharacter(plain[at - 1]);
      const rightOpen = !isWordCharacter(name.at(-1)) || !isWordCharacter(plain[at + name.length]);
      if (leftOpen && rightOpen)
        found.push(
          `${name} at ${at} in ${JSON.stringify(text.slice(Math.max(0, at - 20), at + name.length + 20))}`,
        );
    }
  }
  return found;
}
