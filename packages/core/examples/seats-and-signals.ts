// examples/seats-and-signals.ts
import {
  AbstractTool,
  JobDispatcher,
  ThrottleSignal,
  type AttemptInfo,
  type JobResources,
} from "@nucleo/core";
import { RecordingAdmission } from "@nucleo/core/testing";
import { z } from "zod";

/** A tool that takes one model seat per attempt and is throttled once. */
class Ask extends AbstractTool<{ question: string }, string> {
  readonly name = "ask";
  readonly input = z.object({ question: z.string() });
  readonly output = z.string();
  #calls = 0;

  override requirements(_input: { question: string }, attempt: AttemptInfo) {
    // Asked afresh before every attempt; after a truncation, attempt.escalated books the ceiling.
    return [
      {
        grade: "SMALL" as const,
        inputTokens: 50,
        maxOutputTokens: attempt.escalated ? 8_192 : 1_024,
      },
    ];
  }

  execute(input: { question: string }, resources: JobResources) {
    this.#calls += 1;
    if (this.#calls === 1) throw new ThrottleSignal({ service: "demo", retryAfterMs: 10 });
    resources.recordUsage(resources.seats[0]!, { inputTokens: 48, outputTokens: 3 });
    return `answered: ${input.question}`;
  }
}

const admission = new RecordingAdmission(); // the catalog provides the real one
const dispatcher = new JobDispatcher({ admission });
console.log(await dispatcher.submit(new Ask(), { question: "why?" })); // answered: why?
console.log(admission.returned.map((seat) => seat.outcome)); // [ 'throttled', 'settled' ]
console.log(admission.held); // 0
