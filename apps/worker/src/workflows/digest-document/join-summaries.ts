import { AbstractTool } from "@nucleo/core";
import { z } from "zod";

const JoinInput = z.object({ summaries: z.array(z.string()) });
const JoinOutput = z.object({ digest: z.string() });

/** Joins paragraph summaries into a numbered digest. */
export class JoinSummaries extends AbstractTool<
  z.infer<typeof JoinInput>,
  z.infer<typeof JoinOutput>
> {
  readonly name = "join_summaries";
  override readonly description = "Join summaries into a numbered digest.";
  readonly input = JoinInput;
  readonly output = JoinOutput;
  override readonly readOnly = true;

  execute(input: z.infer<typeof JoinInput>) {
    return {
      digest: input.summaries.map((summary, index) => `${index + 1}. ${summary}`).join("\n"),
    };
  }
}
