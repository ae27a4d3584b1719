// Jobs shared by core's own tests. Not exported from the package.
import { z } from "zod";
import type { SeatRequest } from "../admission/admission.js";
import { AbstractDoer } from "../jobs/abstract-doer.js";
import { AbstractTool } from "../jobs/abstract-tool.js";
import type { AttemptInfo, JobContext, JobResources } from "../jobs/job-context.js";

export const TextInput = z.object({ text: z.string() });
export const CountOutput = z.object({ words: z.number().int() });

/** Counts words; no seat. */
export class WordCount extends AbstractTool<
  z.infer<typeof TextInput>,
  z.infer<typeof CountOutput>
> {
  readonly name = "word_count";
  readonly input = TextInput;
  readonly output = CountOutput;
  override readonly readOnly = true;
  execute(input: { text: string }) {
    return { words: input.text.split(/\s+/).filter(Boolean).length };
  }
}

/** A tool whose body is a function the test supplies. */
export class ScriptedTool extends AbstractTool<unknown, unknown> {
  readonly name = "scripted_tool";
  readonly input = z.unknown();
  readonly output = z.unknown();
  runs = 0;
  constructor(
    private readonly body: (resources: JobResources, context: JobContext, run: number) => unknown,
    private readonly seats: (attempt: AttemptInfo) => SeatRequest[] | null = () => null,
    private readonly timeout: number | null = null,
  ) {
    super();
  }
  override requirements(_input: unknown, attempt: AttemptInfo) {
    return this.seats(attempt);
  }
  override timeoutMs() {
    return this.timeout;
  }
  execute(_input: unknown, resources: JobResources, context: JobContext) {
    this.runs += 1;
    return this.body(resources, context, this.runs);
  }
}

/** A doer whose body is a function the test supplies. */
export class ScriptedDoer extends AbstractDoer<unknown, unknown> {
  readonly name = "scripted_doer";
  readonly input = z.unknown();
  readonly output = z.unknown();
  constructor(private readonly body: (context: JobContext) => unknown) {
    super();
  }
  execute(_input: unknown, context: JobContext) {
    return this.body(context);
  }
}

/** A promise that never settles, standing for a job stuck on something. */
export function forever(): Promise<never> {
  return new Promise<never>(() => {});
}

/** Lets queued promise callbacks run (no timers involved). */
export async function flush(): Promise<void> {
  for (let index = 0; index < 10; index++) await Promise.resolve();
}

// Kept here too, where the dispatcher tests have always found it.
export { EventLog } from "../testing/event-log.js";

/**
 * A tool that waits for its signal, records the reason it was given in `reasons` and rejects
 * with it; `timeoutMs` is its own timeout.
 */
export function signalWatcher(reasons: unknown[], timeoutMs: number | null = null) {
  return new ScriptedTool(
    (_resources, context: JobContext) =>
      new Promise((_resolve, reject) => {
        context.signal.addEventListener(
          "abort",
          () => {
            reasons.push(context.signal.reason);
            reject(context.signal.reason);
          },
          { once: true },
        );
      }),
    () => null,
    timeoutMs,
  );
}
