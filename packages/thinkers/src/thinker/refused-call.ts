import {
  ExternalServiceError,
  InvalidInputError,
  ScopeViolationError,
  SystemError,
} from "@nucleo/core";
import { Parts, type ToolCallPart, type ToolResultPart } from "@nucleo/conversation";

/**
 * The result the model reads for a call that was refused or failed. Only the outcomes written
 * for the model pass their message on (a correctable refusal, a service that failed, a scope
 * the workflow is bound to); our own faults and anything else say only that the tool failed, so
 * no configuration detail or library text reaches the model.
 */
export function refusedCall(call: ToolCallPart, error: unknown): ToolResultPart {
  const readable =
    InvalidInputError.isInstance(error) ||
    ExternalServiceError.isInstance(error) ||
    ScopeViolationError.isInstance(error);
  const text = readable
    ? (error as Error).message
    : `The tool failed with an internal error${SystemError.isInstance(error) ? ` (${error.code})` : ""}; try another way.`;
  return Parts.toolResult(call.id, call.name, text, true);
}
