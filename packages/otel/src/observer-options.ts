import { checkContentPolicy, InvalidInputError, type ContentPolicy } from "@nucleo/core";
import { trace, type Context, type Tracer } from "@opentelemetry/api";
import { OTEL_PACKAGE_VERSION } from "./version.js";

/** How a {@link GenAiTraceObserver} is built. */
export interface GenAiTraceObserverOptions {
  /**
   * The tracer spans are started on. Default: `trace.getTracer("@nucleo/otel", version)` from
   * the global provider, which is a no-op until the application registers an SDK.
   */
  readonly tracer?: Tracer;
  /**
   * What of what was said the spans may carry: `"metadata"` (the default: none, as the GenAI
   * conventions make content opt-in), `"full"` (the conventions' opt-in attributes, every text
   * redacted and capped by the policy), or a `ContentPolicy` with a redaction hook and a cap.
   */
  readonly content?: "full" | "metadata" | ContentPolicy;
  /**
   * The context a workflow's root span starts in (an incoming request's, say), or a function
   * of the workflow id that answers it. Default: none, so each workflow is a trace of its own.
   */
  readonly parent?: Context | ((workflowId: string) => Context | undefined);
  /**
   * The most jobs followed at once. A job whose events stop (never finished, never failed)
   * would otherwise be held forever; past the limit the least recently active one's span is
   * ended where its last event left it, marked `nucleo.incomplete`, and forgotten.
   * Default {@link DEFAULT_MAX_OPEN_JOBS}.
   */
  readonly maxOpenJobs?: number;
}

/** How many jobs an observer follows at once unless told otherwise. */
export const DEFAULT_MAX_OPEN_JOBS = 10_000;

/** The options, checked: a typo fails at start-up naming the option, never mid-run. */
export interface CheckedOptions {
  readonly tracer: Tracer;
  readonly policy: ContentPolicy;
  readonly parent: ((workflowId: string) => Context | undefined) | undefined;
  readonly maxOpenJobs: number;
}

const WHERE = "GenAiTraceObserver options";

/**
 * Checks the options and fills in the defaults.
 *
 * @throws {InvalidInputError} naming the option that is wrong.
 */
export function checkOptions(options: GenAiTraceObserverOptions): CheckedOptions {
  if (typeof options !== "object" || options === null)
    throw new InvalidInputError({ parameter: WHERE, expected: "an object" });
  const { tracer, content, parent, maxOpenJobs = DEFAULT_MAX_OPEN_JOBS } = options;
  if (tracer !== undefined && typeof tracer?.startSpan !== "function")
    throw new InvalidInputError({
      parameter: `${WHERE}.tracer`,
      expected: "an OpenTelemetry Tracer (with startSpan)",
    });
  if (
    parent !== undefined &&
    typeof parent !== "function" &&
    typeof parent?.getValue !== "function"
  )
    throw new InvalidInputError({
      parameter: `${WHERE}.parent`,
      expected: "an OpenTelemetry Context, or a function of the workflow id answering one",
    });
  if (!Number.isSafeInteger(maxOpenJobs) || maxOpenJobs < 1)
    throw new InvalidInputError({
      parameter: `${WHERE}.maxOpenJobs`,
      value: String(maxOpenJobs),
      expected: "a whole number of jobs, 1 or more",
    });
  return {
    tracer: tracer ?? trace.getTracer("@nucleo/otel", OTEL_PACKAGE_VERSION),
    // Unlike the recorder's, this default is metadata: spans usually leave the deployment.
    policy: checkContentPolicy(content ?? "metadata", `${WHERE}.content`),
    parent: parent === undefined ? undefined : typeof parent === "function" ? parent : () => parent,
    maxOpenJobs,
  };
}
