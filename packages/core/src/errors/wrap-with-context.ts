import { ExternalServiceError } from "./external-service-error.js";
import { InvalidInputError } from "./invalid-input-error.js";
import { findNucleoError } from "./unwrap.js";

/** Whether a service's failure is the caller's to fix. */
export type FailureClass = "correctable" | "uncorrectable";

/** Where a service call sits and which model-supplied parameter it carries. */
export interface ServiceCallContext {
  /** The service, e.g. `pubmed`. */
  readonly service: string;
  /** The step, e.g. `fetch article`. */
  readonly step: string;
  /** The parameter as the model knows it, e.g. `pmid`. */
  readonly parameter: string;
  /** The value the model supplied, quoted back when the failure is correctable. */
  readonly value: string;
  /** What a valid value looks like, for the correctable message. */
  readonly expected?: string;
  /** Overrides the default classification (HTTP 400, 404, 410 and 422 are correctable). */
  readonly classify?: (error: unknown) => FailureClass;
}

const CORRECTABLE_STATUSES = new Set([400, 404, 410, 422]);

/**
 * Runs the one step of a service tool that calls a service with a model-supplied parameter,
 * and maps its failure to the outcome the model needs: a correctable failure (a 400, a 404 on a
 * fetch) becomes an {@link InvalidInputError} naming the parameter and its value; anything
 * else, a raw network error included, becomes an {@link ExternalServiceError} naming the
 * service and step. Retry signals and errors that are already ours pass through.
 *
 * @example
 * const page = await wrapWithContext(
 *   { service: "web", step: "fetch page", parameter: "url", value: input.url },
 *   () => fetchPage(input.url),
 * );
 */
export async function wrapWithContext<T>(
  context: ServiceCallContext,
  operation: () => T | Promise<T>,
): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    // Signals and our own errors pass through exactly as through unwrap, also when wrapped.
    const ours = findNucleoError(error);
    if (ours) throw ours;
    const failure = (context.classify ?? classifyByStatus)(error);
    if (failure === "correctable") {
      throw new InvalidInputError({
        parameter: context.parameter,
        value: context.value,
        expected:
          context.expected ??
          `a value the ${context.service} service accepts for "${context.step}"`,
        cause: error,
      });
    }
    const status = statusOf(error);
    throw new ExternalServiceError({
      service: context.service,
      step: context.step,
      ...(status === undefined ? {} : { detail: `HTTP ${status}` }),
      cause: error,
    });
  }
}

function classifyByStatus(error: unknown): FailureClass {
  const status = statusOf(error);
  return status !== undefined && CORRECTABLE_STATUSES.has(status) ? "correctable" : "uncorrectable";
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const record = error as { status?: unknown; statusCode?: unknown };
  const status = record.status ?? record.statusCode;
  return typeof status === "number" ? status : undefined;
}
