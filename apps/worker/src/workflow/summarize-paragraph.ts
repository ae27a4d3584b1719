import { AbstractTool, type JobContext, type JobResources } from "@nucleo/core";
import { z } from "zod";
import { askOfflineModel } from "./offline-model.js";

const ParagraphInput = z.object({ paragraph: z.string().min(1) });
const SummaryOutput = z.object({ summary: z.string() });

/** Summarises one paragraph with the offline stand-in model. */
export class SummarizeParagraph extends AbstractTool<z.infer<typeof ParagraphInput>, z.infer<typeof SummaryOutput>> {
  readonly name = "summarize_paragraph";
  override readonly description = "Summarise one paragraph in a sentence.";
  readonly input = ParagraphInput;
  readonly output = SummaryOutput;
  override readonly readOnly = true;

  override timeoutMs() {
    return 30_000;
  }

  execute(input: z.infer<typeof ParagraphInput>, _resources: JobResources, context: JobContext) {
    return { summary: askOfflineModel(input.paragraph, context) };
  }
}
