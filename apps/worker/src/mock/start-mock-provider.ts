import { MockProviderServer, type MockReply, type MockRequest } from "@nucleo/testing";
import type { MockResponder, MockTurn } from "./mock-responder.js";
import { readWireView } from "./wire-view.js";

/** How the worker's mock provider answers. */
export interface MockProviderOptions {
  /** The registered workflows' mock turns, asked in order; the first answer wins. */
  readonly responders: readonly MockResponder[];
  /** Real milliseconds to wait before each answer (default 0). */
  readonly latencyMs?: number;
}

const UNSCRIPTED: MockTurn = {
  text: "The mock provider has no scripted turn for this request: it plays only the worker's registered workflows.",
};

/**
 * Starts the mock provider server of `@nucleo/testing` on loopback, speaking the OpenAI and
 * Anthropic wires, and answers every call with the turn the registered workflows script for
 * it. The worker's provider clients talk to it over HTTP through the official SDKs, exactly
 * as they would to the real APIs.
 */
export async function startMockProvider(options: MockProviderOptions): Promise<MockProviderServer> {
  // The server's default request log keeps only the most recent calls: a worker that runs for
  // days in mock mode must not hold every request body it ever served.
  const server = await MockProviderServer.start();
  server.handle((request) => replyTo(request, options));
  return server;
}

/** The reply to one request. Exported for tests. */
export function replyTo(request: MockRequest, options: MockProviderOptions): MockReply {
  const view = readWireView(request);
  let turn: MockTurn | undefined;
  for (const responder of options.responders) {
    turn = responder(view);
    if (turn) break;
  }
  turn ??= UNSCRIPTED;
  // Anthropic thinking blocks and OpenAI reasoning items both come from the scripted thinking.
  const thinking =
    view.thinking || view.reasoningItems
      ? [{ text: turn.reasoning ?? "Working through the request." }]
      : undefined;
  return {
    kind: "answer",
    ...(turn.text === undefined ? {} : { text: turn.text }),
    ...(turn.toolCalls === undefined
      ? {}
      : {
          toolCalls: turn.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
        }),
    ...(thinking === undefined ? {} : { thinking }),
    ...(options.latencyMs ? { delayMs: options.latencyMs } : {}),
  };
}
