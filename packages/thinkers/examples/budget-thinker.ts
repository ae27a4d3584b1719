// examples/budget-thinker.ts
import { AbstractTool, ThinkerDeclaration } from "@nucleo/core";
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";
import {
  SingleObjectiveThinker,
  thinkerInput,
  type ThinkerOptions,
  type ValidationGuardrail,
} from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";

// A tool: typed, read-only, schemas defined once at module level.
const AddInput = z.object({ a: z.number(), b: z.number() });
const AddOutput = z.object({ sum: z.number() });
class Add extends AbstractTool<z.infer<typeof AddInput>, z.infer<typeof AddOutput>> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = AddOutput;
  override readonly readOnly = true;
  execute({ a, b }: z.infer<typeof AddInput>) {
    return { sum: a + b };
  }
}

// A thinker: its input (with the optional depth), its answer, its seat, its tools, its guardrail.
const BudgetInput = thinkerInput({ costs: z.array(z.number()) });
const BudgetAnswer = z.object({ total: z.number(), verdict: z.enum(["within", "over"]) });
type BudgetAnswer = z.infer<typeof BudgetAnswer>;

class BudgetCheck extends SingleObjectiveThinker<z.infer<typeof BudgetInput>, BudgetAnswer> {
  readonly name = "budget_check";
  readonly input = BudgetInput;
  readonly output = BudgetAnswer;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new Add()));
  }

  protected task(): string {
    return "Total the costs with the add tool, then say whether they fit a budget of 100.";
  }

  protected override declareValidationGuardrails(): ValidationGuardrail<BudgetAnswer>[] {
    return [
      {
        name: "verdict_matches_total",
        check: (answer) =>
          answer.total > 100 === (answer.verdict === "over")
            ? undefined
            : { field: "verdict", expected: '"over" exactly when the total exceeds 100' },
      },
    ];
  }
}

// The model's turns, scripted (swap in OpenAiClient or AnthropicClient for real ones). The
// parent adds, delegates a check to a sub-thinker (which adds too), answers wrongly, is
// corrected by its guardrail, and answers again.
const client = new ScriptedLlmClient([
  ScriptedLlmClient.toolCall("add", { a: 40, b: 70 }),
  ScriptedLlmClient.toolCall("sub_thinker", {
    objective: "Check that 40 + 70 is 110 with the add tool.",
    artifact_refs: [],
  }),
  ScriptedLlmClient.toolCall("add", { a: 70, b: 40 }),
  ScriptedLlmClient.json({
    answer: {
      summary: "40 + 70 = 110, checked.",
      reasoning: { approach: "Added in the other order.", steps: ["70 + 40 = 110"] },
      artifact_refs: [],
    },
    reasoning: "Checked with add.",
  }),
  ScriptedLlmClient.json({
    reasoning: "The add tool and the delegate agree on 110.",
    answer: { total: 110, verdict: "within" },
  }),
  ScriptedLlmClient.json({
    reasoning: "110 exceeds the budget of 100.",
    answer: { total: 110, verdict: "over" },
  }),
]);
// A catalog with an entry per grade, its admission, and the environment and dispatcher around
// the client (with a real client, build these four as @nucleo/conversation's README shows).
const { dispatcher, environment } = testRuntime(client);

const thinker = new BudgetCheck({ environment });
console.log(await dispatcher.submit(thinker, { costs: [40, 70] })); // { total: 110, verdict: 'over' }

// The whole run, as a benchmark's judge reads it: every turn, its tools and their results.
const turns = thinker.transcript().turns;
console.log(
  turns.map(
    (turn) =>
      turn.toolCalls.map((call) => `${call.name} → ${call.result}`).join("") ||
      turn.correction ||
      "answered",
  ),
);
// [ 'add → {"sum":110}', 'sub_thinker → {"summary":"40 + 70 = 110, checked.","reasoning":{"approach":"Added in the other order.","steps":["70 + 40 = 110"]},"artifact_refs":[]}', 'Invalid value for "answer.verdict": expected "over" exactly when the total exceeds 100 (the verdict_matches_total check). Send the whole answer again, corrected.', 'answered' ]
