import type { ArtifactRegistry, ScopeGuard } from "@nucleo/core";

/** What a guardrail sees besides the answer. */
export interface GuardrailContext {
  /** The run's sealed scope (its identity axes and read-only binding). */
  readonly scope: ScopeGuard;
  /** The run's artifacts, so a guardrail can check what the answer refers to. */
  readonly artifacts: ArtifactRegistry;
}

/** Why a guardrail refused an answer: the field, and what it must be instead. */
export interface GuardrailRefusal {
  /** The answer's field as the model spells it (`claims[0].status`), or `(answer)` for the whole. */
  readonly field: string;
  /** What the field must be, stated from the rule; never quote the model's value back. */
  readonly expected: string;
}

/**
 * A check a thinker declares on its final answer, run while the conversation is still held: a
 * refusal becomes a correction turn and the model answers again.
 *
 * @example
 * const citesEvidence: ValidationGuardrail<Verdict> = {
 *   name: "cites_evidence",
 *   check: (answer) => (answer.evidence.length === 0 ? { field: "evidence", expected: "at least one cited passage" } : undefined),
 * };
 */
export interface ValidationGuardrail<TAnswer> {
  /** snake_case, named in the correction. */
  readonly name: string;
  /** A refusal, or `undefined` to accept. */
  check(
    answer: TAnswer,
    context: GuardrailContext,
  ): GuardrailRefusal | undefined | Promise<GuardrailRefusal | undefined>;
}
