/**
 * The standard thinker workload: one tool `add({a, b})`, a client that calls it once and then
 * answers (after `latencyMs`, or at once), a catalog with limits no run reaches.
 */
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { LlmEnvironment, Parts, type LlmClient, type LlmRequest, type LlmResponse } from "@nucleo/conversation";
import { AbstractTool, JobDispatcher, ThinkerDeclaration, type RunObserver } from "@nucleo/core";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
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
const CALL: LlmResponse = { content: "", toolCalls: [Parts.toolCall("call_1", "add", { a: 2, b: 3 })], thinking: [], usage, stopReason: "tool_calls", providerModel: "zero" };
const ANSWER: LlmResponse = { content: '{"reasoning":"2 + 3 with the add tool","answer":{"total":5}}', toolCalls: [], thinking: [], usage, stopReason: "end", providerModel: "zero" };

/** Calls `add` when the last turn is the user's prompt, answers once the result is in. */
export function scriptedClient(latencyMs: number): LlmClient {
  const reply = (request: LlmRequest): LlmResponse => (request.messages.at(-1)!.parts[0]!.type === "tool_result" ? ANSWER : CALL);
  const send = latencyMs === 0
    ? async (request: LlmRequest) => reply(request)
    : (request: LlmRequest) => new Promise<LlmResponse>((resolve) => setTimeout(() => resolve(reply(request)), latencyMs));
  return {
    send,
    async *stream(request) {
      return send(request);
    },
  };
}

/** A dispatcher, admission and environment for the workload. */
export function workloadWorld(latencyMs: number, observers: RunObserver[] = []) {
  const catalog = parseCatalog([{
    id: "zero", provider: "openai", model: "zero", grade: "SMALL", contextWindow: 128_000, outputCeiling: 16_000,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "bench", input: "0.1", output: "0.4" },
    limits: { tokensPerMinute: 1_000_000_000_000, requestsPerMinute: 1_000_000_000 },
  }], "bench");
  const admission = new CatalogAdmission({ catalog });
  const environment = LlmEnvironment.from(admission, { openai: scriptedClient(latencyMs) });
  const dispatcher = new JobDispatcher({ admission, observers });
  return { dispatcher, environment, run: () => dispatcher.submit(new Summer({ environment }), { a: 2, b: 3 }) };
}
