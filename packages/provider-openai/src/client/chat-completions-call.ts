import type { LlmBinding, LlmDelta, LlmRequest, LlmResponse } from "@nucleo/conversation";
import { toNucleoError } from "../errors/to-nucleo-error.js";
import type { RequestSettings } from "../request/request-settings.js";
import { toOpenAiParams } from "../request/to-openai-params.js";
import { fromCompletion, type WireStep } from "../response/to-llm-response.js";
import { StreamAssembler } from "../stream/stream-assembler.js";
import type { SdkTarget } from "./sdk-pool.js";

/** One call's inputs, whichever API carries it. @internal */
export interface CallInputs {
  readonly target: SdkTarget;
  readonly request: LlmRequest;
  readonly binding: LlmBinding;
  readonly settings: RequestSettings;
  readonly signal: AbortSignal;
}

/**
 * Sends one call over Chat Completions and reads the whole answer.
 *
 * @internal
 */
export async function sendChatCompletion(call: CallInputs): Promise<LlmResponse> {
  const { target, signal } = call;
  const where: WireStep = { service: target.service, step: "chat completion" };
  let body: unknown;
  try {
    body = await target.sdk.chat.completions.create(
      toOpenAiParams(call.request, call.binding, call.settings),
      { signal },
    );
  } catch (error) {
    throw toNucleoError(error, where, signal);
  }
  return fromCompletion(body, where);
}

/**
 * Streams one call over Chat Completions (see `OpenAiClient.stream`).
 *
 * @internal
 */
export async function* streamChatCompletion(
  call: CallInputs,
): AsyncGenerator<LlmDelta, LlmResponse, void> {
  const { target, signal } = call;
  const where: WireStep = { service: target.service, step: "stream" };
  const assembler = new StreamAssembler(where);
  try {
    const chunks = await target.sdk.chat.completions.create(
      {
        ...toOpenAiParams(call.request, call.binding, call.settings),
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    for await (const chunk of chunks) yield* assembler.push(chunk);
  } catch (error) {
    throw toNucleoError(error, where, signal);
  }
  // The SDK ends a stream quietly when its request is aborted; the abort must still surface.
  signal.throwIfAborted();
  return assembler.finish();
}
