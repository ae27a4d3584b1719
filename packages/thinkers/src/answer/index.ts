export {
  REASONING_DESCRIPTION,
  reasoningField,
  isReasoningField,
  type ReasoningMark,
} from "./reasoning-field.js";
export {
  ChainOfThoughtReasoning,
  AnalysisReasoning,
  chainOfThoughtReasoning,
} from "./chain-of-thought-reasoning.js";
export {
  ThinkingResponseHandler,
  type ThinkingResponse,
  type AnswerKind,
  type ThinkingResponseHandlerOptions,
} from "./thinking-response-handler.js";
