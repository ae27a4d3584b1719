import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** An OTLP attribute value as JSON carries it (64-bit integers may arrive as text). */
interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: number | string;
  readonly doubleValue?: number;
  readonly boolValue?: boolean;
  readonly arrayValue?: { readonly values?: readonly OtlpValue[] };
}

/** One span as it arrived, its attributes decoded to plain values. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  /** OTLP's numbering: 1 internal, 3 client. */
  readonly kind: number;
  readonly statusCode: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The resource's attributes (`service.name`, ...). */
  readonly resource: Readonly<Record<string, unknown>>;
}

function plain(value: OtlpValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

function attributesOf(
  list: readonly { key: string; value: OtlpValue }[] | undefined,
): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
}

interface OtlpExport {
  readonly resourceSpans?: readonly {
    readonly resource?: { readonly attributes?: { key: string; value: OtlpValue }[] };
    readonly scopeSpans?: readonly {
      readonly spans?: readonly {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number };
        attributes?: { key: string; value: OtlpValue }[];
      }[];
    }[];
  }[];
}

/** A running receiver: where to send, what arrived, and how to stop it. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>/v1/traces`: give it to the OTLP/HTTP exporter as its `url`. */
  readonly url: string;
  /** The base URL (`http://127.0.0.1:<port>`), for configs that append `/v1/traces` themselves. */
  readonly baseUrl: string;
  /** Every span received so far, in arrival order. */
  readonly spans: ReceivedSpan[];
  /** The `content-type` of each export request (OTLP/HTTP JSON is `application/json`). */
  readonly contentTypes: string[];
  close(): Promise<void>;
}

/**
 * A local OTLP/HTTP trace receiver for tests: it takes what an exporter posts on 127.0.0.1 (a
 * free port) and decodes OTLP's JSON encoding, gzipped or not, into spans with plain attribute
 * values — so a test can check what an OpenTelemetry exporter really sent over the wire. Only
 * the JSON encoding is decoded (the `@opentelemetry/exporter-trace-otlp-http` exporter's); a
 * protobuf body answers 415.
 *
 * @example
 * const receiver = await startOtlpReceiver();
 * const exporter = new OTLPTraceExporter({ url: receiver.url });
 * // ... run, flush the provider ...
 * receiver.spans.map((span) => span.name);
 * await receiver.close();
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request)
      .then((body) => {
        const type = String(request.headers["content-type"]);
        contentTypes.push(type);
        if (!type.startsWith("application/json")) {
          response.writeHead(415).end();
          return;
        }
        const decoded = JSON.parse(body) as OtlpExport;
        for (const resourceSpans of decoded.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                statusCode: span.status?.code ?? 0,
                attributes: attributesOf(span.attributes),
                resource,
              });
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      })
      .catch(() => {
        // A body that does not gunzip or parse: answered, so the exporter fails instead of hanging.
        if (!response.headersSent) response.writeHead(400).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    baseUrl: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
