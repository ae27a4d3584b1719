import {
  CorrectionSignal,
  describeIssue,
  InvalidInputError,
  MAX_CORRECTIONS,
  type AttemptInfo,
} from "@nucleo/core";
import type { LlmResponse } from "../client/llm-client.js";
import { parseJsonObject } from "../client/text-tools-client.js";
import type { Conversation } from "../model/conversation.js";
import type { ResponseContract } from "./response-contract.js";

/** An answer checked against its contract. */
export type CheckedAnswer<TAnswer> =
  | { readonly valid: true; readonly answer: TAnswer }
  /** Still invalid after every correction: returned as it is, with what was wrong. */
  | { readonly valid: false; readonly answer: Record<string, unknown>; readonly problem: string };

/**
 * The correction protocol shared by `LLMCall` and the one-call tools. An answer that does not
 * parse, or parses without what the contract requires, goes back to the model as a correction
 * turn and the dispatcher re-runs the same job on the grown conversation (a
 * `CorrectionSignal`), at most {@link MAX_CORRECTIONS} times. Past that, a parse failure
 * surfaces as an error and an invalid answer is returned as it is. The correction names the
 * field and the expected type, never the value the model sent.
 */
export const ResponseCorrection = {
  MAX_CORRECTIONS,

  /**
   * Checks `response` against `contract`. On a correctable failure with corrections left, the
   * model's answer and the correction are appended to `conversation` and a `CorrectionSignal`
   * is thrown.
   */
  exchange<TAnswer>(
    conversation: Conversation,
    response: LlmResponse,
    contract: ResponseContract<TAnswer>,
    attempt: AttemptInfo,
  ): CheckedAnswer<TAnswer> {
    const canCorrect = attempt.corrections < MAX_CORRECTIONS;
    const parsed = parseJsonObject(response.content);
    if (parsed === undefined) {
      if (!canCorrect)
        throw new InvalidInputError({
          parameter: "answer",
          expected: `one JSON object matching ${contract.name} (still unparseable after ${MAX_CORRECTIONS} corrections)`,
        });
      correct(conversation, response, "Your last answer was not one JSON object.");
    }
    const checked = contract.schema.safeParse(parsed);
    if (checked.success) return { valid: true, answer: checked.data };
    const issue = describeIssue(checked.error.issues[0]!, { fromModel: true });
    const problem = `field "${issue.path}": expected ${issue.expected}`;
    if (!canCorrect) return { valid: false, answer: parsed!, problem };
    return correct(conversation, response, `Your last answer could not be used: ${problem}.`);
  },
} as const;

function correct(conversation: Conversation, response: LlmResponse, what: string): never {
  conversation.addAssistant(response);
  conversation.addCorrection(
    `${what} Send the whole answer again as one JSON object that matches the schema, with no text around it.`,
  );
  throw new CorrectionSignal({ reason: what });
}
