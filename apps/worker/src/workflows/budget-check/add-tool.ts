import { AbstractTool } from "@nucleo/core";
import { z } from "zod";

const AddInput = z.object({ a: z.number(), b: z.number() });
const AddOutput = z.object({ sum: z.number() });

/** Adds two numbers. Read-only: the thinker and its sub-thinker may call it freely. */
export class AddTool extends AbstractTool<z.infer<typeof AddInput>, z.infer<typeof AddOutput>> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = AddOutput;
  override readonly readOnly = true;

  execute({ a, b }: z.infer<typeof AddInput>) {
    // Cents, so 0.1 + 0.2 is 0.3 as a reader expects of money.
    return { sum: Math.round((a + b) * 100) / 100 };
  }
}
