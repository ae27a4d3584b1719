import { responseContract } from "@nucleo/conversation";
import { z } from "zod";
import type { ModelDependentToolOptions } from "../model/abstract-model-dependent-tool.js";
import { AbstractOneCallTool, type OneCallQuestion } from "./abstract-one-call-tool.js";

const ViolationInput = z.object({
  rule: z.string().min(1).describe("The rule or policy, as written."),
  subject: z.string().min(1).describe("The text or action to judge against the rule."),
});
const ViolationVerdict = z.object({
  violated: z.boolean().describe("Whether the subject breaks the rule."),
  severity: z
    .enum(["none", "low", "medium", "high"])
    .describe("How serious the breach is; none when not violated."),
  explanation: z
    .string()
    .describe(
      "The justification a reader can check: which part of the rule, which part of the subject.",
    ),
});
const JUDGE: OneCallQuestion<z.infer<typeof ViolationVerdict>> = {
  depth: "QUICK",
  output: "COMPACT",
  contract: responseContract("violation_verdict", ViolationVerdict),
  instructions:
    "Judge whether the subject breaks the rule. Quote the parts of each that decide it.",
};

/** Judges whether a subject breaks a rule, at SMALL grade: a guardrail's second opinion. */
export class AnalyzeViolationTool extends AbstractOneCallTool<
  z.infer<typeof ViolationInput>,
  z.infer<typeof ViolationVerdict>
> {
  readonly name = "analyze_violation";
  override readonly description =
    "Judge whether a text or action breaks a stated rule, and how seriously.";
  readonly input = ViolationInput;
  readonly output = ViolationVerdict;

  constructor(options: Omit<ModelDependentToolOptions, "grade">) {
    super({ ...options, grade: "SMALL" }, JUDGE);
  }
}
