export { LLMReadableError, type LLMReadableErrorOptions } from "./llm-readable-error.js";
export { InvalidInputError, type InvalidInputErrorOptions } from "./invalid-input-error.js";
export {
  ExternalServiceError,
  type ExternalServiceErrorOptions,
} from "./external-service-error.js";
export { SystemError, type SystemErrorOptions } from "./system-error.js";
export {
  RetrySignal,
  ThrottleSignal,
  CorrectionSignal,
  TruncationSignal,
  MAX_CORRECTIONS,
  type RetryKind,
} from "./retry-signals.js";
export { unwrap, type UnwrappedError } from "./unwrap.js";
export {
  wrapWithContext,
  type ServiceCallContext,
  type FailureClass,
} from "./wrap-with-context.js";
