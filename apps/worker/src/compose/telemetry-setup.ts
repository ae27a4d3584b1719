import type { ContentPolicy, RunObserver } from "@nucleo/core";
import { GenAiTraceObserver } from "@nucleo/otel";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { WorkerConfig } from "../config/worker-config.js";

/** The OTLP/HTTP path traces are posted to under a receiver's base URL. */
const TRACES_PATH = "/v1/traces";

/** The worker's trace export, when its config turned it on. */
export interface TelemetrySetup {
  /** The observer the dispatcher feeds. */
  readonly observer: RunObserver;
  /** Where spans go (`…/v1/traces`), for the start-up notice. */
  readonly endpoint: string;
  /** Sends the spans still buffered, then stops the exporter. */
  close(): Promise<void>;
}

/**
 * Each run as an OpenTelemetry GenAI trace, posted over OTLP/HTTP (JSON) to
 * `telemetry.otlpEndpoint`; `undefined` when the config sets no endpoint. The provider is the
 * worker's own (never registered globally), so it traces Nucleo's runs and nothing else of
 * the process. Content goes on the spans only when `telemetry.content` is `full`, through the
 * same redaction patterns and cap as the recorder's (`recorderPolicy`).
 */
export function startTelemetry(
  telemetry: WorkerConfig["telemetry"],
  recorderPolicy: ContentPolicy,
): TelemetrySetup | undefined {
  if (telemetry.otlpEndpoint === undefined) return undefined;
  const endpoint = tracesUrl(telemetry.otlpEndpoint);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": telemetry.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: endpoint }) }),
    ],
  });
  const content: ContentPolicy = { ...recorderPolicy, mode: telemetry.content };
  const observer = new GenAiTraceObserver({
    tracer: provider.getTracer("@nucleo/worker"),
    content,
  });
  return {
    observer,
    endpoint,
    // Called once, by Worker.close (which runs once).
    close: () => provider.forceFlush().finally(() => provider.shutdown()),
  };
}

/** The traces URL under a receiver's base URL, unless the URL already names it. */
export function tracesUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return trimmed.endsWith(TRACES_PATH) ? trimmed : `${trimmed}${TRACES_PATH}`;
}
