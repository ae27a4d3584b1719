import { wrapWithContext } from "@nucleo/core";

/** Which service and step a call without a model-supplied parameter belongs to. */
export interface ServiceStep {
  readonly service: string;
  readonly step: string;
}

/**
 * Runs a service call that carries no parameter the model supplied (an OAuth token request,
 * an efetch of ids the search itself returned). Nothing about such a failure is the model's
 * to fix, so every failure is uncorrectable: an `ExternalServiceError` naming the service and
 * step, never an `InvalidInputError` pointing the model at an input that was not the problem.
 * Retry signals and our own errors pass through, exactly as through `wrapWithContext`, whose
 * mapping this reuses.
 *
 * @internal
 */
export function serviceStep<T>(where: ServiceStep, operation: () => T | Promise<T>): Promise<T> {
  // parameter/value are never read: they only appear in the correctable outcome, which
  // this classifier rules out.
  return wrapWithContext(
    { ...where, parameter: "", value: "", classify: () => "uncorrectable" },
    operation,
  );
}
