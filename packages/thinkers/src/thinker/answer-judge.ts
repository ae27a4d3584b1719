import { InvalidInputError, type ArtifactRegistry } from "@nucleo/core";
import type { Conversation } from "@nucleo/conversation";
import type { ThinkingResponse } from "../answer/index.js";
import { checkArtifactRefs } from "./artifact-refs.js";
import type { GuardrailContext, ValidationGuardrail } from "./validation-guardrail.js";

/** A final turn that gave no acceptable answer: the loop goes on (a correction was added). @internal */
export const NO_ANSWER: unique symbol = Symbol("no answer yet");

const NO_ANSWER_YET =
  "You neither called a tool nor gave an answer (answer was null). Call the tools you still need, or send your final answer in the answer field.";

/** What judging a final turn needs from the thinker: its hooks are asked only when they matter. @internal */
export interface AnswerJudging<TOutput> {
  /** Reads the turn across the answer boundary (throws a correctable refusal for a wrong shape). */
  readonly read: () => ThinkingResponse<TOutput>;
  readonly guardrails: () => readonly ValidationGuardrail<TOutput>[];
  readonly policy: () => "correct" | "end";
  readonly guard: GuardrailContext;
  readonly artifacts: ArtifactRegistry;
  readonly conversation: Conversation;
}

/**
 * Judges a final turn while the conversation is still held: the answer boundary, then the
 * artifact refs, then every guardrail. A refusal becomes a correction turn ({@link NO_ANSWER}),
 * or ends a reactive exchange (thrown) by the thinker's policy.
 *
 * @internal
 */
export async function judgeAnswer<TOutput>(
  judging: AnswerJudging<TOutput>,
): Promise<TOutput | typeof NO_ANSWER> {
  let response: ThinkingResponse<TOutput>;
  try {
    response = judging.read();
  } catch (error) {
    return refuse(error, judging);
  }
  if (response.answer === null) {
    judging.conversation.addCorrection(NO_ANSWER_YET);
    return NO_ANSWER;
  }
  const answer = response.answer;
  try {
    checkArtifactRefs(answer, judging.artifacts);
    for (const guardrail of judging.guardrails()) {
      const refusal = await guardrail.check(answer, judging.guard);
      if (refusal)
        throw new InvalidInputError({
          parameter: refusal.field === "(answer)" ? "answer" : `answer.${refusal.field}`,
          expected: `${refusal.expected} (the ${guardrail.name} check)`,
        });
    }
  } catch (error) {
    return refuse(error, judging);
  }
  return answer;
}

/** A refused answer: a correction turn, or the end of a reactive exchange. */
function refuse(error: unknown, judging: AnswerJudging<unknown>): typeof NO_ANSWER {
  if (!InvalidInputError.isInstance(error) || judging.policy() === "end") throw error;
  // Written from the parameter and the expectation only: an error that quotes a value (one
  // raised with `value`, as service errors may be) must not carry it back to the model.
  judging.conversation.addCorrection(
    `Invalid value for "${error.parameter}": expected ${error.expected}. Send the whole answer again, corrected.`,
  );
  return NO_ANSWER;
}
