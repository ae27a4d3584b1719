import { responseContract } from "@nucleo/conversation";
import type { AttemptInfo, JobContext, JobResources } from "@nucleo/core";
import { AbstractModelDependentTool, type ModelDependentToolOptions } from "@nucleo/tools";
import { z } from "zod";

const ParagraphInput = z.object({ paragraph: z.string().min(1) });
const SummaryOutput = z.object({
  summary: z.string().describe("The paragraph's point, in one sentence."),
});
const SUMMARY = responseContract("paragraph_summary", SummaryOutput);

/** The tool's instructions; the mock provider recognises its requests by them. */
export const SUMMARIZE_INSTRUCTIONS =
  "Summarise the paragraph in one sentence that keeps its main point.";

/** Summarises one paragraph in a sentence: a one-call tool at SMALL. */
export class SummarizeParagraph extends AbstractModelDependentTool<
  z.infer<typeof ParagraphInput>,
  z.infer<typeof SummaryOutput>
> {
  readonly name = "summarize_paragraph";
  override readonly description = "Summarise one paragraph in a sentence.";
  readonly input = ParagraphInput;
  readonly output = SummaryOutput;
  override readonly readOnly = true;

  constructor(options: Omit<ModelDependentToolOptions, "grade">) {
    super({ ...options, grade: "SMALL" });
  }

  override timeoutMs() {
    return 120_000;
  }

  override requirements(input: z.infer<typeof ParagraphInput>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "IMMEDIATE", output: "VERDICT", contract: SUMMARY },
      SUMMARIZE_INSTRUCTIONS,
    );
  }

  async execute(
    _input: z.infer<typeof ParagraphInput>,
    resources: JobResources,
    context: JobContext,
  ) {
    return this.converse(resources, context);
  }
}
