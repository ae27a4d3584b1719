/**
 * @nucleo/otel — a `RunObserver` that exports Nucleo runs as OpenTelemetry traces following
 * the GenAI semantic conventions: `invoke_agent` spans for thinkers, `chat` spans for model
 * calls, `execute_tool` spans for tools, parented by job lineage. It depends on
 * `@opentelemetry/api` only: bring your own SDK and exporter.
 *
 * @packageDocumentation
 */
export { GenAiTraceObserver } from "./gen-ai-trace-observer.js";
export {
  DEFAULT_MAX_OPEN_JOBS,
  type GenAiTraceObserverOptions,
} from "./observer-options.js";
