// Runs recorded from this process into the console's database, through core's dispatcher and the
// PostgreSQL recorder (content policy "full", so what was said is stored): the XSS canary run,
// small filler runs that give the runs list a second page, and a run of known cost.
import { ConversationService, LLMCall, type LlmEnvironment, Parts } from "@nucleo/conversation";
import { AbstractDoer, AbstractTool, type JobContext, SystemError } from "@nucleo/core";
import { openRecorderDatabase, PostgresRecorder } from "@nucleo/recorder-postgres";
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";
import { z } from "zod";
import { CANARY_JOB_NAME, CANARY_TEXT } from "./xss-payloads.js";

/** What this process recorded. */
export interface RecordedRuns {
  /** The XSS canary run's root id. */
  readonly canaryRootId: string;
  /** The run of one model call of known cost. */
  readonly pricedRootId: string;
  /**
   * When these runs were recorded (epoch ms, `to` exclusive): before any worker run, so the
   * model calls in it are exactly the priced run's and the canary's.
   */
  readonly window: { readonly from: number; readonly to: number };
  /** The exact cost of the model calls in `window`, in USD, as the recorder writes decimals. */
  readonly windowCost: string;
}

// The scripted calls' tokens, priced by the test runtime's catalog at $1 in and $4 out per
// million: 1,200 in and 300 out cost 0.0024, 400 in and 300 out cost 0.0016; together 0.004.
const CANARY_USAGE = { inputTokens: 1_200, outputTokens: 300 };
const PRICED_USAGE = { inputTokens: 400, outputTokens: 300 };
const WINDOW_COST = "0.004";

/** A tool whose result is the hostile text: the console shows it as the job's output. */
class CanaryLookup extends AbstractTool<{ query: string }, { found: string }> {
  readonly name = "canary_lookup";
  readonly input = z.object({ query: z.string() });
  readonly output = z.object({ found: z.string() });
  execute() {
    return { found: CANARY_TEXT };
  }
}

/** Looks up the hostile text, asks a (scripted) model, which answers it, then fails saying it. */
class CanaryWorkflow extends AbstractDoer<{ note: string }, never> {
  readonly name = CANARY_JOB_NAME;
  readonly input = z.object({ note: z.string() });
  readonly output = z.never();
  readonly #environment: LlmEnvironment;

  constructor(environment: LlmEnvironment) {
    super();
    this.#environment = environment;
  }

  async execute(input: { note: string }, context: JobContext): Promise<never> {
    const { found } = await context.submitInStep(new CanaryLookup(), { query: input.note });
    context.nextStep();
    const conversation = await new ConversationService({ environment: this.#environment }).obtain({
      seat: { grade: "SMALL", depth: "IMMEDIATE", output: "COMPACT" },
    });
    conversation
      .putMainObjective(`Repeat what the lookup found. ${CANARY_TEXT}`)
      .addUser(input.note)
      .addAssistant({
        content: "",
        thinking: [],
        toolCalls: [Parts.toolCall("call_1", "canary_lookup", { query: CANARY_TEXT })],
      })
      .addToolResults([Parts.toolResult("call_1", "canary_lookup", found)]);
    await context.submitInStep(
      new LLMCall({ conversation, environment: this.#environment }),
      undefined,
    );
    // A Nucleo error keeps its message on record (any other throw is recorded as "Unexpected error.").
    throw new SystemError({
      code: "canary_failed",
      message: `The canary failed on purpose: ${CANARY_TEXT}`,
    });
  }
}

/** One plain model call. */
class PricedRun extends AbstractDoer<{ question: string }, string> {
  readonly name = "priced_run";
  readonly input = z.object({ question: z.string() });
  readonly output = z.string();
  readonly #environment: LlmEnvironment;

  constructor(environment: LlmEnvironment) {
    super();
    this.#environment = environment;
  }

  async execute(input: { question: string }, context: JobContext) {
    const conversation = await new ConversationService({ environment: this.#environment }).obtain({
      seat: { grade: "SMALL", depth: "IMMEDIATE", output: "COMPACT" },
    });
    conversation.putMainObjective("Answer in one word.").addUser(input.question);
    const answer = await context.submitInStep(
      new LLMCall({ conversation, environment: this.#environment }),
      undefined,
    );
    return answer.text;
  }
}

/** A one-job run with nothing hostile in it: filler for the runs list's second page. */
class FillerRun extends AbstractTool<{ index: number }, { index: number }> {
  readonly name = "filler_run";
  readonly input = z.object({ index: z.number() });
  readonly output = z.object({ index: z.number() });
  execute(input: { index: number }) {
    return input;
  }
}

/**
 * Records `fillers` filler runs, a run of one model call of known cost, then the XSS canary run:
 * a workflow whose name, a tool's result, the model's answer (and the system text, the user
 * message, a tool call and its result in the transcript) and its error message all hold every
 * payload of `xss-payloads.ts`.
 */
export async function recordRuns(databaseUrl: string, fillers: number): Promise<RecordedRuns> {
  const { db, close } = await openRecorderDatabase({ url: databaseUrl });
  const recorder = new PostgresRecorder({ db, content: "full" });
  try {
    const { dispatcher, environment } = testRuntime(
      [
        ScriptedLlmClient.answer("Priced.", { usage: PRICED_USAGE }),
        ScriptedLlmClient.answer(`The lookup found: ${CANARY_TEXT}`, { usage: CANARY_USAGE }),
      ],
      { observers: [recorder] },
    );
    const from = Date.now();
    for (let index = 0; index < fillers; index++) {
      await dispatcher.submit(new FillerRun(), { index });
    }
    const priced = dispatcher.submit(new PricedRun(environment), { question: "Ready?" });
    await priced;
    const canary = dispatcher.submit(new CanaryWorkflow(environment), { note: CANARY_TEXT });
    const failure = await canary.then(
      () => new Error("the canary run finished, but it must fail"),
      (error: Error) => error,
    );
    if (!failure.message.includes(CANARY_TEXT)) throw failure;
    await recorder.flush();
    return {
      canaryRootId: canary.id,
      pricedRootId: priced.id,
      window: { from, to: Date.now() + 1 },
      windowCost: WINDOW_COST,
    };
  } finally {
    await recorder.close();
    await close();
  }
}
