import { InvalidInputError } from "@nucleo/core";
import type { JudgeScore } from "../report/benchmark-report.js";
import { JudgeVerdict } from "./judge-verdict.js";
import { MAX_ACCURACY_WITH_MISUSE } from "./rubric.js";

/**
 * Applies the rubric to a judge's verdict in code, whatever the judge wrote: a run that
 * mis-used any tool keeps at most {@link MAX_ACCURACY_WITH_MISUSE} accuracy points, and the
 * score is accuracy plus shown work (0–10). When the cap lowered the accuracy, the reason says so.
 *
 * @throws {InvalidInputError} naming the field, when `verdict` breaks its schema (a custom
 * judge's answer out of range, say).
 *
 * @example
 * scoreVerdict({ misusedTools: [{ tool: "add", problem: "wrong operands" }], accuracy: 7, shownWork: 3, reason: "Right total." });
 * // { score: 7, accuracy: 4, shownWork: 3, ... reason: "Right total. (Accuracy capped from 7 to 4: ...)" }
 */
export function scoreVerdict(verdict: JudgeVerdict): JudgeScore {
  const checked = JudgeVerdict.safeParse(verdict);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new InvalidInputError({ parameter: `verdict.${issue.path.join(".") || "(root)"}`, expected: issue.message });
  }
  const { misusedTools, accuracy, shownWork, reason } = checked.data;
  const capped = misusedTools.length > 0 ? Math.min(accuracy, MAX_ACCURACY_WITH_MISUSE) : accuracy;
  const note = capped === accuracy ? "" : ` (Accuracy capped from ${accuracy} to ${capped}: ${misusedTools.length === 1 ? "a tool was" : `${misusedTools.length} tools were`} mis-used.)`;
  return { score: capped + shownWork, accuracy: capped, shownWork, misusedTools, reason: `${reason}${note}` };
}
