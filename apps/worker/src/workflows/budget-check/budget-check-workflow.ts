import type { WorkflowDefinition } from "../workflow-definition.js";
import { BudgetCheck, BudgetInput } from "./budget-check.js";
import { budgetCheckMock } from "./budget-check-mock.js";

/** The `budget_check` workflow: a thinker with a tool, a sub-thinker and guardrails. */
export const budgetCheckWorkflow: WorkflowDefinition<BudgetInput> = {
  name: "budget_check",
  description:
    "A thinker totals costs with an add tool, has a sub-thinker recount them, and says whether they fit a budget; guardrails check its answer.",
  input: BudgetInput,
  exampleInput: { costs: [40, 70, 25, 90, 15, 60, 35, 80, 55, 30], budget: 450 },
  start: (input, { environment }) => ({ job: new BudgetCheck({ environment }), input }),
  mock: budgetCheckMock,
};
