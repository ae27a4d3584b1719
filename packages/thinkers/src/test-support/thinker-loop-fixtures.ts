// Fixtures of the thinker-loop tests: a Summer that records every guardrail check, a
// guardrail that refuses a negative total, and the text of a turn.
import type { Turn } from "@nucleo/conversation";
import type { ScriptedLlmClient } from "@nucleo/testing";
import type { ToolProvider } from "@nucleo/tools";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import type { ValidationGuardrail } from "../thinker/validation-guardrail.js";
import { Summer } from "./thinker-fixtures.js";

/** The text parts of a turn, joined by newlines (empty for no turn). */
export function textOf(turn: Turn | undefined): string {
  return (turn?.parts ?? [])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/** A Summer with extra tools and guardrails of the test's choosing. */
export class Guarded extends Summer {
  readonly checked: Array<{ answer: unknown; callsSoFar: number }> = [];
  constructor(
    options: ThinkerOptions,
    readonly client: ScriptedLlmClient,
    readonly guardrails: readonly ValidationGuardrail<{ total: number }>[] = [],
    tools: ToolProvider[] = [],
  ) {
    super(options);
    this.addTools(...tools);
  }
  protected override declareValidationGuardrails(): readonly ValidationGuardrail<{
    total: number;
  }>[] {
    return this.guardrails.map((guardrail) => ({
      name: guardrail.name,
      check: (answer, context) => {
        this.checked.push({ answer, callsSoFar: this.client.requests.length });
        return guardrail.check(answer, context);
      },
    }));
  }
}

/** Refuses a negative total, naming the `total` field. */
export const nonNegative: ValidationGuardrail<{ total: number }> = {
  name: "non_negative_total",
  check: (answer) =>
    answer.total < 0 ? { field: "total", expected: "a total of zero or more" } : undefined,
};
