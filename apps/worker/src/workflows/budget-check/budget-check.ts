import { ThinkerDeclaration } from "@nucleo/core";
import {
  SingleObjectiveThinker,
  thinkerInput,
  type ThinkerOptions,
  type ValidationGuardrail,
} from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";
import { AddTool } from "./add-tool.js";

/** What `budget_check` is given: the costs, the budget, and optionally how hard to work. */
export const BudgetInput = thinkerInput({
  costs: z
    .array(z.number().nonnegative())
    .min(1, "expected at least one cost")
    .max(50)
    .describe("The costs to total."),
  budget: z.number().nonnegative().describe("The budget the total must fit."),
});
export type BudgetInput = z.infer<typeof BudgetInput>;

/** Its answer: the total and whether it fits. */
export const BudgetAnswer = z.object({
  total: z.number().describe("The sum of the costs."),
  verdict: z
    .enum(["within", "over"])
    .describe('"within" when the total is at most the budget, "over" when it exceeds it.'),
});
export type BudgetAnswer = z.infer<typeof BudgetAnswer>;

/** The start of the task text; the mock provider recognises the thinker's requests by it. */
export const BUDGET_TASK_LEAD = "Total the costs with the add tool, two at a time.";

/**
 * A thinker with a tool, a sub-thinker and guardrails: it totals costs with `add`, delegates a
 * recount to a `sub_thinker` (offered from STANDARD depth), and answers whether the total fits
 * the budget. Two guardrails check the final answer against the input before it is accepted.
 */
export class BudgetCheck extends SingleObjectiveThinker<BudgetInput, BudgetAnswer> {
  readonly name = "budget_check";
  override readonly description =
    "Total costs with a tool, have a sub-thinker recount them, and say whether they fit a budget.";
  readonly input = BudgetInput;
  readonly output = BudgetAnswer;
  /** The run's input, kept for the guardrails (an instance runs once: the worker builds one per run). */
  #given: BudgetInput | undefined;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "LARGE", output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new AddTool()));
  }

  protected task(input: BudgetInput): string {
    this.#given = input;
    return [
      BUDGET_TASK_LEAD,
      "When you have the total, delegate a recount of the same costs to a sub-thinker (the sub_thinker tool) if it is offered, and compare its total with yours.",
      `Then say whether the total fits the budget of ${input.budget}: "within" when it is at most the budget, "over" when it exceeds it.`,
    ].join(" ");
  }

  protected override declareValidationGuardrails(): ValidationGuardrail<BudgetAnswer>[] {
    return [
      {
        name: "total_is_the_sum",
        check: (answer) =>
          this.#given === undefined || sameCents(answer.total, sumOf(this.#given.costs))
            ? undefined
            : { field: "total", expected: "the sum of the costs, added with the add tool" },
      },
      {
        name: "verdict_matches_budget",
        check: (answer) =>
          this.#given === undefined ||
          answer.total > this.#given.budget === (answer.verdict === "over")
            ? undefined
            : { field: "verdict", expected: '"over" exactly when the total exceeds the budget' },
      },
    ];
  }
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

function sameCents(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}
