import { JUDGE_INSTRUCTIONS } from "@nucleo/benchmark";
import { jsonTurn } from "../../mock/mock-answers.js";
import type { MockTurn } from "../../mock/mock-responder.js";
import { givenInput, type WireView } from "../../mock/wire-view.js";
import { CLASSIFY_INSTRUCTIONS } from "./classify-ticket.js";

const JUDGE_LEAD = JUDGE_INSTRUCTIONS.split("\n")[0]!;

/**
 * The mock model's turns for `benchmark_classify_ticket`: every model labels the ticket by its
 * keywords (so every run agrees with the reference), and the judge compares each candidate's
 * label with the reference's.
 */
export function ticketBenchmarkMock(view: WireView): MockTurn | undefined {
  if (view.system.includes(CLASSIFY_INSTRUCTIONS)) return classify(view);
  if (view.system.includes(JUDGE_LEAD)) return judge(view);
  return undefined;
}

function classify(view: WireView): MockTurn {
  const text = String(givenInput(view).text ?? "");
  const rules: ReadonlyArray<readonly [RegExp, "bug" | "feature" | "question"]> = [
    [/\b(crash\w*|error\w*|broken|fails?|fail(?:ed|ing)|bug)\b/i, "bug"],
    [/\b(please add|could you add|would like|wish|feature|support for)\b/i, "feature"],
  ];
  for (const [pattern, label] of rules) {
    const match = pattern.exec(text);
    if (match)
      return jsonTurn({ label, why: `It says "${match[0]}".` }, `The ticket says "${match[0]}".`);
  }
  return jsonTurn(
    { label: "question", why: "It asks how to do something and reports nothing broken." },
    "Nothing is reported broken or requested.",
  );
}

function judge(view: WireView): MockTurn {
  const runs: {
    reference?: { answer?: { label?: unknown } };
    candidate?: { answer?: { label?: unknown } };
  } = givenInput(view);
  const same =
    runs.candidate?.answer?.label !== undefined &&
    runs.candidate.answer.label === runs.reference?.answer?.label;
  const reason = same
    ? "Same label as the reference, citing the words that decide it."
    : "A different label from the reference's.";
  return jsonTurn({ misusedTools: [], accuracy: same ? 7 : 1, shownWork: 3, reason }, reason);
}
