// examples/quick-start.ts
import { AbstractTool, JobDispatcher } from "@nucleo/core";
import { z } from "zod";

const WordCountInput = z.object({ text: z.string() });
const WordCountOutput = z.object({ words: z.number().int() });

class WordCount extends AbstractTool<
  z.infer<typeof WordCountInput>,
  z.infer<typeof WordCountOutput>
> {
  readonly name = "word_count";
  readonly input = WordCountInput;
  readonly output = WordCountOutput;
  override readonly readOnly = true;

  execute(input: z.infer<typeof WordCountInput>) {
    return { words: input.text.split(/\s+/).filter(Boolean).length };
  }
}

const dispatcher = new JobDispatcher();
const counted = await dispatcher.submit(new WordCount(), { text: "typed, accountable, safe" });
console.log(counted); // { words: 3 }

// Bad input is refused before the job runs, naming the field:
const refused = await dispatcher
  .submit(new WordCount(), { text: 42 } as never)
  .catch((error: Error) => error.message);
console.log(refused); // Invalid value for "text": expected string, received number.
