import { InvalidInputError } from "@nucleo/core";
import type { JudgeScore, MisusedTool } from "../report/benchmark-report.js";
import { JudgeVerdict } from "./judge-verdict.js";
import { accuracyCap } from "./rubric.js";
import type { RecordedRun } from "./run-record.js";

/**
 * Applies the rubric to a judge's verdict in code, whatever the judge wrote. The verdict is
 * model output, so it is checked against what the candidate really did: a mis-used tool the
 * candidate never called is dropped (names compared case-insensitively), and the reason says
 * so. Each distinct tool left costs accuracy points: at most {@link accuracyCap} of their
 * number are kept. The score is accuracy plus shown work (0–10); when the cap lowered the
 * accuracy, the reason says so too.
 *
 * Pass the candidate exactly as the judge read it (covered by the `Blindfold`), so the tool
 * names the judge lists are spelled as the ones it saw.
 *
 * @throws {InvalidInputError} naming the field, when `verdict` breaks its schema (a custom
 * judge's answer out of range, say).
 *
 * @example
 * const candidate = { turns: [{ reasoning: "", said: "", toolCalls: [{ tool: "add", arguments: {}, result: "5", failed: false }], correction: null }], answer: 5 };
 * scoreVerdict({ misusedTools: [{ tool: "add", problem: "wrong operands" }], accuracy: 7, shownWork: 3, reason: "Right total." }, candidate);
 * // { score: 7, accuracy: 4, shownWork: 3, ... reason: "Right total. (Accuracy capped from 7 to 4: ...)" }
 */
export function scoreVerdict(verdict: JudgeVerdict, candidate: RecordedRun): JudgeScore {
  const checked = JudgeVerdict.safeParse(verdict);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new InvalidInputError({
      parameter: `verdict.${issue.path.join(".") || "(root)"}`,
      expected: issue.message,
    });
  }
  const { accuracy, shownWork, reason } = checked.data;
  const called = new Set(
    candidate.turns.flatMap((turn) => turn.toolCalls.map((call) => folded(call.tool))),
  );
  const misusedTools = checked.data.misusedTools.filter((item) => called.has(folded(item.tool)));
  const ignored = checked.data.misusedTools.filter((item) => !called.has(folded(item.tool)));
  // Two complaints about one tool are one mis-used tool: the penalty is per tool, not per remark.
  const misusedCount = new Set(misusedTools.map((item) => folded(item.tool))).size;
  const capped = Math.min(accuracy, accuracyCap(misusedCount));
  return {
    score: capped + shownWork,
    accuracy: capped,
    shownWork,
    misusedTools,
    reason: `${reason}${ignoredNote(ignored)}${capNote(accuracy, capped, misusedCount)}`,
  };
}

function folded(tool: string): string {
  return tool.trim().toLowerCase();
}

function ignoredNote(ignored: readonly MisusedTool[]): string {
  if (ignored.length === 0) return "";
  const names = [...new Set(ignored.map((item) => JSON.stringify(item.tool)))];
  return names.length === 1
    ? ` (Mis-used tool ${names[0]} ignored: the run never called it.)`
    : ` (Mis-used tools ${names.join(", ")} ignored: the run never called them.)`;
}

function capNote(accuracy: number, capped: number, misusedCount: number): string {
  if (capped === accuracy) return "";
  return ` (Accuracy capped from ${accuracy} to ${capped}: ${misusedCount === 1 ? "a tool was" : `${misusedCount} tools were`} mis-used.)`;
}
