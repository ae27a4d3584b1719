import { envelopeTurn, toolCallTurn } from "../../mock/mock-answers.js";
import type { MockTurn } from "../../mock/mock-responder.js";
import { givenInput, type WireView } from "../../mock/wire-view.js";
import { parseJson } from "../../config/parse-json.js";
import { BUDGET_TASK_LEAD } from "./budget-check.js";

/** How the mock model words the recount it delegates; the delegate's requests are recognised by it. */
const RECOUNT_LEAD =
  "Recount these costs with the add tool, two at a time, and report their total:";

/**
 * The mock model's turns for `budget_check`. The thinker adds the costs two at a time, then
 * delegates a recount to a sub-thinker, which adds them again in reverse order. Its first answer
 * deliberately misstates the verdict, so the run shows the `verdict_matches_budget` guardrail
 * refusing it and the corrected answer being accepted.
 */
export function budgetCheckMock(view: WireView): MockTurn | undefined {
  if (view.system.includes(RECOUNT_LEAD)) return delegateTurn(view);
  if (view.system.includes(BUDGET_TASK_LEAD)) return thinkerTurn(view);
  return undefined;
}

function thinkerTurn(view: WireView): MockTurn {
  const input: { costs?: unknown; budget?: unknown } = givenInput(view);
  const costs = Array.isArray(input.costs)
    ? input.costs.filter((cost): cost is number => typeof cost === "number")
    : [];
  const budget = typeof input.budget === "number" ? input.budget : 0;
  const adding = nextAddition(view, costs);
  if (adding.call) return adding.call;
  const total = adding.total;
  const recount = view.toolExchanges.find((exchange) => exchange.name === "sub_thinker");
  if (view.tools.includes("sub_thinker") && recount === undefined) {
    const objective = `${RECOUNT_LEAD} ${[...costs].reverse().join(", ")}.`;
    return toolCallTurn(
      "sub_thinker",
      { objective, artifact_refs: [] },
      `The add tool gave ${total}; a recount by a delegate checks it.`,
    );
  }
  const over = total > budget;
  const corrected = view.userTexts.some((text) => text.includes("verdict_matches_budget"));
  // The first answer flips the verdict on purpose: the guardrail refuses it, the second is right.
  const verdict = corrected === over ? "over" : "within";
  const recounted = recount?.result === undefined ? "" : " The sub-thinker's recount agrees.";
  return envelopeTurn(
    view,
    `The add tool gave ${total}.${recounted} ${total} is ${over ? "more than" : "at most"} the budget of ${budget}.`,
    { total, verdict },
  );
}

function delegateTurn(view: WireView): MockTurn {
  const listed =
    view.system.slice(view.system.indexOf(RECOUNT_LEAD) + RECOUNT_LEAD.length).split("\n")[0] ?? "";
  const costs = (listed.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const adding = nextAddition(view, costs);
  if (adding.call) return adding.call;
  const steps = [`Added ${costs.join(", ")} with the add tool, two at a time: ${adding.total}.`];
  const answer = view.thinking
    ? { summary: `The costs total ${adding.total}.`, artifact_refs: [] }
    : {
        summary: `The costs total ${adding.total}.`,
        reasoning: { approach: "Added the costs with the add tool, in the order given.", steps },
        artifact_refs: [],
      };
  return envelopeTurn(view, steps[0]!, answer);
}

/** The next `add` call, or the total once every cost has been added. */
function nextAddition(
  view: WireView,
  costs: readonly number[],
): { call?: MockTurn; total: number } {
  const sums = view.toolExchanges
    .filter((exchange) => exchange.name === "add" && exchange.result !== undefined)
    .map((exchange) => sumIn(exchange.result!));
  const running = sums.at(-1) ?? costs[0] ?? 0;
  const next = sums.length + 1;
  if (next < costs.length)
    return { call: toolCallTurn("add", { a: running, b: costs[next]! }), total: running };
  return { total: running };
}

function sumIn(result: string): number {
  const parsed = parseJson(result);
  const sum = parsed.success ? (parsed.value as { sum?: unknown }).sum : undefined;
  return typeof sum === "number" ? sum : Number.NaN;
}
