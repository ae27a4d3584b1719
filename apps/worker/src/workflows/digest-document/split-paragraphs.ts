import { AbstractTool } from "@nucleo/core";
import { z } from "zod";

const SplitInput = z.object({ text: z.string().min(1, "non-empty text") });
const SplitOutput = z.object({ paragraphs: z.array(z.string()) });

/** Splits a document into its non-empty paragraphs. Reads only. */
export class SplitParagraphs extends AbstractTool<
  z.infer<typeof SplitInput>,
  z.infer<typeof SplitOutput>
> {
  readonly name = "split_paragraphs";
  override readonly description = "Split a document into paragraphs.";
  readonly input = SplitInput;
  readonly output = SplitOutput;
  override readonly readOnly = true;

  execute(input: z.infer<typeof SplitInput>) {
    const paragraphs = input.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    return { paragraphs };
  }
}
