import { openaiError } from "./openai-wire.js";
import { responsesCacheablePrompt } from "./prompt-cache/openai-cache-blocks.js";
import { responseEvents } from "./responses-events.js";
import { responseObject } from "./responses-output.js";
import { responsesRefusal } from "./responses-request-rules.js";
import type { WireFormat } from "./wire-format.js";

/**
 * The OpenAI Responses wire (`POST /v1/responses`): a `response` JSON whose `output` holds
 * reasoning items, the message and function calls, or the named `response.*` events (see
 * {@link responseEvents}). Errors take OpenAI's shape, naming the parameter at fault.
 */
export const responsesWire: WireFormat = {
  name: "openai-responses",
  requestIdHeader: "x-request-id",
  validate: responsesRefusal,
  promptOf: (body) => [body.instructions ?? null, body.input ?? [], body.tools ?? []],
  cacheablePrompt: responsesCacheablePrompt,
  isStream: (body) => body.stream === true,
  toolCallId: (sequence) => `call_mock${String(sequence).padStart(6, "0")}`,
  requestId: (sequence) => `req_mock${String(sequence).padStart(6, "0")}`,
  answerBody: (answer, request) => responseObject(answer, request, "final"),
  answerEvents: responseEvents,
  error: openaiError,
};
