// Fixtures of the read-only binding tests: a ticket scope, readers of the events a run reports,
// and the Adder thinker (writable, or read-only by its class).
import { ThinkerDeclaration, type RunEvent } from "@nucleo/core";
import type { ToolProvider } from "@nucleo/tools";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { addProvider, SumAnswer, SumQuestion } from "./thinker-fixtures.js";

/** The scope axes of ticket T-1. */
export const TICKET = { ticket: "T-1" } as const;

/** Ticket T-1, read-only: the scope a caller seals a run under. */
export const SEALED = { axes: TICKET, readOnly: true } as const;

/** The `job.submitted` events of a run, in order. */
export function submitted(events: readonly RunEvent[]) {
  return events.filter((event) => event.type === "job.submitted");
}

/** The tools the read-only sweep withheld from job `jobId`, sorted. */
export function withheldBy(events: readonly RunEvent[], jobId: string): string[] {
  return events
    .flatMap((event) =>
      event.type === "tool.withheld" && event.jobId === jobId ? [event.tool] : [],
    )
    .sort();
}

/** The id of the first job submitted under `jobName`; throws if there was none. */
export function jobIdOf(events: readonly RunEvent[], jobName: string): string {
  const found = submitted(events).find((event) => event.jobName === jobName);
  if (!found) throw new Error(`no ${jobName} was submitted`);
  return found.jobId;
}

/** Adds numbers with `add` and whatever other tools it is given, under the name it is given. */
export class Adder extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly input = SumQuestion;
  readonly output = SumAnswer;

  constructor(
    readonly name: string,
    options: ThinkerOptions,
    ...tools: ToolProvider[]
  ) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider, ...tools);
  }

  protected task(): string {
    return "Add the numbers you are given, using the add tool.";
  }
}

/** An adder marked read-only by its class. */
export class ReadOnlyAdder extends Adder {
  override readonly readOnly = true;
}
