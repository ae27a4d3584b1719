import type { LlmEnvironment } from "@nucleo/conversation";
import { AbstractDoer, type JobContext } from "@nucleo/core";
import { z } from "zod";
import { JoinSummaries } from "./join-summaries.js";
import { SplitParagraphs } from "./split-paragraphs.js";
import { SummarizeParagraph } from "./summarize-paragraph.js";

/** A document to digest. */
export const DigestInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, "expected non-empty text")
    .max(200_000)
    .describe("The document, paragraphs separated by blank lines."),
});
export type DigestInput = z.infer<typeof DigestInput>;
const DigestOutput = z.object({ digest: z.string(), paragraphs: z.number().int() });

/**
 * A coded workflow (a doer): split a document (step 1), summarise every paragraph in parallel
 * with a one-call tool (step 2, one shared ordinal), join the summaries (step 3).
 */
export class DigestDocument extends AbstractDoer<DigestInput, z.infer<typeof DigestOutput>> {
  readonly name = "digest_document";
  override readonly description = "Summarise a document paragraph by paragraph.";
  readonly input = DigestInput;
  readonly output = DigestOutput;
  readonly #environment: LlmEnvironment;

  constructor(options: { readonly environment: LlmEnvironment }) {
    super();
    this.#environment = options.environment;
  }

  async execute(input: DigestInput, context: JobContext) {
    const { paragraphs } = await context.submitInStep(new SplitParagraphs(), { text: input.text });
    context.nextStep();
    const summaries = await Promise.all(
      paragraphs.map((paragraph) =>
        context.submitInCurrentStep(new SummarizeParagraph({ environment: this.#environment }), {
          paragraph,
        }),
      ),
    );
    const { digest } = await context.submitInStep(new JoinSummaries(), {
      summaries: summaries.map((result) => result.summary),
    });
    return { digest, paragraphs: paragraphs.length };
  }
}
