// examples/three-models.ts
import { Benchmark, type Scorer } from "@nucleo/benchmark";
import type { CatalogEntryInput } from "@nucleo/catalog";
import type { LlmRequest } from "@nucleo/conversation";
import { AbstractTool, ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient, testRuntime, type ScriptedAnswer } from "@nucleo/testing";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";

// The job to race: a thinker that totals costs with an `add` tool.
const AddInput = z.object({ a: z.number(), b: z.number() });
class Add extends AbstractTool<z.infer<typeof AddInput>, { sum: number }> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = z.object({ sum: z.number() });
  override readonly readOnly = true;
  execute({ a, b }: z.infer<typeof AddInput>) {
    return { sum: a + b };
  }
}
const Costs = thinkerInput({ costs: z.tuple([z.number(), z.number()]) });
const Total = z.object({ total: z.number() });
class TotalCosts extends SingleObjectiveThinker<z.infer<typeof Costs>, z.infer<typeof Total>> {
  readonly name = "total_costs";
  readonly input = Costs;
  readonly output = Total;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new Add()));
  }
  protected task(): string {
    return "Total the two costs with the add tool.";
  }
}

// Three MEDIUM entries to race, and an XL one the judge runs on (CEILING is XL here).
const entry = (
  id: string,
  model: string,
  grade: "MEDIUM" | "XL",
  input: string,
  output: string,
): CatalogEntryInput => ({
  id,
  provider: "openai",
  model,
  grade,
  contextWindow: 128_000,
  outputCeiling: 16_000,
  prices: { currency: "USD", effectiveFrom: "2026-01-01", source: "example", input, output },
  limits: { tokensPerMinute: 1_000_000 },
});
const entries = [
  entry("aster-1", "aster-1-2026", "MEDIUM", "0.4", "1.6"),
  entry("brio-2", "brio-2-2026", "MEDIUM", "0.1", "0.4"),
  entry("corvo-3", "corvo-3-2026", "MEDIUM", "1", "4"),
  entry("arbiter-9", "arbiter-9-2026", "XL", "3", "15"),
];

// Pretend models (swap in OpenAiClient or AnthropicClient for real ones): aster and corvo add
// with the tool; brio guesses without it. The pretend judge compares the two runs it is shown.
const pretend = (request: LlmRequest, model: string): ScriptedAnswer => {
  const said = request.messages.flatMap((turn) => turn.parts.map((part) => part.text)).join("\n");
  if (model === "arbiter-9-2026") {
    const { reference, candidate } = JSON.parse(request.messages[0]!.parts[0]!.text) as {
      reference: { answer: unknown };
      candidate: { answer: unknown; turns: Array<{ tool_calls: unknown[] }> };
    };
    const right = JSON.stringify(candidate.answer) === JSON.stringify(reference.answer);
    const usedTool = candidate.turns.some((turn) => turn.tool_calls.length > 0);
    return ScriptedLlmClient.json({
      misusedTools: [],
      accuracy: right ? 7 : 1,
      shownWork: usedTool ? 3 : 0,
      reason: right
        ? "Same total as the reference, added with the tool."
        : "Wrong total, and no work shown.",
    });
  }
  const sum = /"sum":(\d+)/.exec(said)?.[1];
  if (model === "brio-2-2026")
    return ScriptedLlmClient.json({ reasoning: "About 100.", answer: { total: 100 } });
  if (sum === undefined) return ScriptedLlmClient.toolCall("add", { a: 40, b: 70 });
  return ScriptedLlmClient.json({
    reasoning: `The add tool gave ${sum}.`,
    answer: { total: Number(sum) },
  });
};
const client = new ScriptedLlmClient([], {
  otherwise: (request, binding) => pretend(request, binding.entry.model),
});

// The catalog, its admission, and the environment and dispatcher around the pretend models.
const { dispatcher, environment } = testRuntime(client, { entries });

const sameTotal: Scorer<z.infer<typeof Total>> = {
  name: "same_total",
  score: (run, reference) => (run.total === reference.total ? 10 : 0),
};
const benchmark = new Benchmark({
  factory: () => new TotalCosts({ environment }),
  environment,
  times: 2,
  scorer: sameTotal,
});

// The benchmark returns what the reference (the picker's choice, unpinned) answered, and logs its table.
console.log(await dispatcher.submit(benchmark, { costs: [40, 70] })); // { total: 110 }

// The report, also published on the job's metadata under Benchmark.REPORT: rows, and a summary per model.
const report = benchmark.report()!;
const summary = report.models.map(
  (model) => `${model.model} ${model.judgeScore?.mean}/10 ${model.cost.USD?.mean} USD`,
);
console.log(summary.join("; ")); // aster-1 10/10 0.000442 USD; brio-2 1/10 0.0000561 USD; corvo-3 10/10 0.001105 USD
