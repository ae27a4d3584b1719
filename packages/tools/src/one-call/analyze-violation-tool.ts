import type { AttemptInfo, JobContext, JobResources } from "@nucleo/core";
import { responseContract } from "@nucleo/conversation";
import { z } from "zod";
import {
  AbstractModelDependentTool,
  type ModelDependentToolOptions,
} from "../model/abstract-model-dependent-tool.js";

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
const VERDICT = responseContract("violation_verdict", ViolationVerdict);

/** Judges whether a subject breaks a rule, at SMALL grade: a guardrail's second opinion. */
export class AnalyzeViolationTool extends AbstractModelDependentTool<
  z.infer<typeof ViolationInput>,
  z.infer<typeof ViolationVerdict>
> {
  readonly name = "analyze_violation";
  override readonly description =
    "Judge whether a text or action breaks a stated rule, and how seriously.";
  readonly input = ViolationInput;
  readonly output = ViolationVerdict;
  override readonly readOnly = true;

  constructor(options: Omit<ModelDependentToolOptions, "grade">) {
    super({ ...options, grade: "SMALL" });
  }

  override requirements(input: z.infer<typeof ViolationInput>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "COMPACT", contract: VERDICT },
      "Judge whether the subject breaks the rule. Quote the parts of each that decide it.",
    );
  }

  async execute(
    _input: z.infer<typeof ViolationInput>,
    resources: JobResources,
    context: JobContext,
  ) {
    return this.converse(resources, context);
  }
}
