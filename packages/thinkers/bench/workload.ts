/**
 * The standard thinker workload: one tool `add({a, b})`, a client that calls it once and then
 * answers (after `latencyMs`, or at once), a catalog with limits no run reaches.
 */
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import {
  LlmEnvironment,
  Parts,
  type LlmClient,
  type LlmRequest,
  type LlmResponse,
} from "@nucleo/conversation";
import { AbstractTool, JobDispatcher, ThinkerDeclaration, type RunObserver } from "@nucleo/core";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import { smallBenchEntry } from "@nucleo/tooling/bench";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";

const AddInput = z.object({ a: z.number(), b: z.number() });
type AddInput = z.infer<typeof AddInput>;
const AddOutput = z.object({ sum: z.number() });

class Add extends AbstractTool<AddInput, { sum: number }> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = AddOutput;
  override readonly readOnly = true;
  execute(input: AddInput) {
    return { sum: input.a + input.b };
  }
}

const addProvider = new ClassToolProvider(() => new Add());
const SumInput = thinkerInput({ a: z.number(), b: z.number() });
type SumInput = z.infer<typeof SumInput>;
const SumAnswer = z.object({ total: z.number() });

/** The thinker every run builds afresh. */
export class Summer extends SingleObjectiveThinker<SumInput, z.infer<typeof SumAnswer>> {
  readonly name = "summer";
  readonly input = SumInput;
  readonly output = SumAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT" }), options);
    this.addTools(addProvider);
  }
  protected task(): string {
    return "Add the two numbers with the add tool, then answer with the total.";
  }
}

const usage = { inputTokens: 200, outputTokens: 20 };
const CALL: LlmResponse = {
  content: "",
  toolCalls: [Parts.toolCall("call_1", "add", { a: 2, b: 3 })],
  thinking: [],
  usage,
  stopReason: "tool_calls",
  providerModel: "zero",
};
const ANSWER: LlmResponse = {
  content: '{"reasoning":"2 + 3 with the add tool","answer":{"total":5}}',
  toolCalls: [],
  thinking: [],
  usage,
  stopReason: "end",
  providerModel: "zero",
};

/** A client that also counts the first calls of runs (what the concurrent measure waits for). */
export interface WorkloadClient extends LlmClient {
  resetFirstCalls(): void;
}

/**
 * Calls `add` when the last turn is the user's prompt, answers once the result is in. Reports
 * each first call of a run to `onFirstCall` with the count so far.
 */
export function scriptedClient(
  latencyMs: number,
  onFirstCall?: (count: number) => void,
): WorkloadClient {
  let firstCalls = 0;
  const reply = (request: LlmRequest): LlmResponse => {
    if (request.messages.at(-1)!.parts[0]!.type === "tool_result") return ANSWER;
    onFirstCall?.(++firstCalls);
    return CALL;
  };
  const send =
    latencyMs === 0
      ? async (request: LlmRequest) => reply(request)
      : (request: LlmRequest) =>
          new Promise<LlmResponse>((resolve) => {
            const response = reply(request);
            setTimeout(() => resolve(response), latencyMs);
          });
  return {
    send,
    async *stream(request) {
      return send(request);
    },
    resetFirstCalls: () => {
      firstCalls = 0;
    },
  };
}

/** A dispatcher, admission and environment for the workload. */
export function workloadRuntime(
  latencyMs: number,
  observers: RunObserver[] = [],
  onFirstCall?: (count: number) => void,
) {
  const catalog = parseCatalog([smallBenchEntry()], "bench");
  const admission = new CatalogAdmission({ catalog });
  const client = scriptedClient(latencyMs, onFirstCall);
  const environment = LlmEnvironment.from(admission, { openai: client });
  const dispatcher = new JobDispatcher({ admission, observers });
  return {
    dispatcher,
    environment,
    resetFirstCalls: client.resetFirstCalls,
    run: () => dispatcher.submit(new Summer({ environment }), { a: 2, b: 3 }),
  };
}
