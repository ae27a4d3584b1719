import { readFile } from "node:fs/promises";
import { trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it } from "vitest";
import { GenAiTraceObserver } from "./gen-ai-trace-observer.js";
import { finished, submitted } from "./test-support/synthetic-events.js";
import { OTEL_PACKAGE_VERSION } from "./version.js";

afterEach(() => {
  trace.disable();
});

describe("GenAiTraceObserver options", () => {
  it("without a tracer, spans go to the global provider's tracer named @nucleo/otel at this package's version", async () => {
    const manifest = JSON.parse(
      await readFile(new URL("../package.json", import.meta.url), "utf8"),
    ) as { name: string; version: string };
    expect(OTEL_PACKAGE_VERSION).toBe(manifest.version);

    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    );
    const observer = new GenAiTraceObserver();
    observer.onEvent(submitted("job", 0));
    observer.onEvent(finished("job", 1));
    expect(exporter.getFinishedSpans()[0]!.instrumentationScope).toMatchObject({
      name: manifest.name,
      version: manifest.version,
    });
  });

  it("a tracer or parent of the wrong kind is refused at construction, naming the option", () => {
    expect(() => new GenAiTraceObserver({ tracer: {} as never })).toThrow(
      "GenAiTraceObserver options.tracer",
    );
    expect(() => new GenAiTraceObserver({ parent: "trace-1" as never })).toThrow(
      "GenAiTraceObserver options.parent",
    );
    expect(() => new GenAiTraceObserver(null as never)).toThrow("GenAiTraceObserver options");
  });
});
