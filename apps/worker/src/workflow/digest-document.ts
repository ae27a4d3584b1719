import { AbstractDoer, type JobContext } from "@nucleo/core";
import { z } from "zod";
import { JoinSummaries } from "./join-summaries.js";
import { SplitParagraphs } from "./split-paragraphs.js";
import { SummarizeParagraph } from "./summarize-paragraph.js";

const DigestInput = z.object({ text: z.string() });
const DigestOutput = z.object({ digest: z.string(), paragraphs: z.number().int() });

/**
 * The worker's first workflow: split a document (step 1), summarise every paragraph in
 * parallel (step 2, one shared ordinal), join the summaries (step 3).
 */
export class DigestDocument extends AbstractDoer<z.infer<typeof DigestInput>, z.infer<typeof DigestOutput>> {
  readonly name = "digest_document";
  override readonly description = "Summarise a document paragraph by paragraph.";
  readonly input = DigestInput;
  readonly output = DigestOutput;

  async execute(input: z.infer<typeof DigestInput>, context: JobContext) {
    const { paragraphs } = await context.submitInStep(new SplitParagraphs(), { text: input.text });
    context.nextStep();
    const summaries = await Promise.all(
      paragraphs.map((paragraph) => context.submitInCurrentStep(new SummarizeParagraph(), { paragraph })),
    );
    const { digest } = await context.submitInStep(new JoinSummaries(), { summaries: summaries.map((result) => result.summary) });
    return { digest, paragraphs: paragraphs.length };
  }
}
