import type { LlmDelta, LlmResponse } from "@nucleo/conversation";
import { toNucleoError } from "../errors/to-nucleo-error.js";
import type { WireStep } from "../response/to-llm-response.js";
import { ResponsesStreamAssembler } from "../responses/responses-stream.js";
import { fromResponse } from "../responses/to-llm-response-from-responses.js";
import { toResponsesParams } from "../responses/to-responses-params.js";
import type { CallInputs } from "./chat-completions-call.js";

/**
 * Sends one call over the Responses API and reads the whole answer.
 *
 * @internal
 */
export async function sendResponse(call: CallInputs): Promise<LlmResponse> {
  const { target, signal } = call;
  const where: WireStep = { service: target.service, step: "response" };
  let body: unknown;
  try {
    body = await target.sdk.responses.create(
      toResponsesParams(call.request, call.binding, call.settings),
      { signal },
    );
  } catch (error) {
    throw toNucleoError(error, where, signal);
  }
  return fromResponse(body, where);
}

/**
 * Streams one call over the Responses API (see `OpenAiClient.stream`).
 *
 * @internal
 */
export async function* streamResponse(
  call: CallInputs,
): AsyncGenerator<LlmDelta, LlmResponse, void> {
  const { target, signal } = call;
  const where: WireStep = { service: target.service, step: "stream" };
  const assembler = new ResponsesStreamAssembler(where);
  try {
    const events = await target.sdk.responses.create(
      { ...toResponsesParams(call.request, call.binding, call.settings), stream: true },
      { signal },
    );
    for await (const event of events) yield* assembler.push(event);
  } catch (error) {
    throw toNucleoError(error, where, signal);
  }
  // The SDK ends a stream quietly when its request is aborted; the abort must still surface.
  signal.throwIfAborted();
  return assembler.finish();
}
