import type {
  ModelCallTranscript,
  RecordedMessage,
  RecordedModelCall,
  RecordedPart,
} from "@nucleo/recorder-postgres";
import type { MessagePart, MessageView, ModelCallSummary, ModelCallView } from "../api/contract.js";

/** A model call's metadata as the API sends it. */
export function callSummary(call: RecordedModelCall): ModelCallSummary {
  return {
    jobId: call.jobId,
    seq: call.seq,
    at: call.at,
    entryId: call.entryId,
    providerName: call.providerName,
    requestModel: call.requestModel,
    responseModel: call.responseModel,
    tokens: { ...call.tokens },
    cost: call.cost,
    currency: call.currency,
    latencyMs: call.latencyMs,
    finishReason: call.finishReason,
    attempt: call.attempt,
  };
}

function partView(part: RecordedPart): MessagePart {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "thinking":
      return {
        type: "thinking",
        text: part.text,
        ...(part.redacted === true ? { redacted: true } : {}),
      };
    case "tool_call":
      return { type: "tool_call", id: part.id, name: part.name, text: part.text };
    case "tool_result":
      return {
        type: "tool_result",
        callId: part.callId,
        name: part.name,
        text: part.text,
        isError: part.isError,
      };
    case "unrecognized":
      return { type: "other", kind: part.partType };
    default: {
      // An image or a file: its name and address, never its bytes.
      const media = part as { type: string; name?: string; url?: string };
      return {
        type: "other",
        kind: media.type,
        ...(media.name === undefined ? {} : { name: media.name }),
        ...(media.url === undefined ? {} : { url: media.url }),
      };
    }
  }
}

function messageView(message: RecordedMessage): MessageView {
  return { role: message.role, parts: message.parts.map(partView) };
}

/** A model call with its transcript, when content was recorded. */
export function callView(call: ModelCallTranscript): ModelCallView {
  const { content } = call;
  return {
    ...callSummary(call),
    ...(content === undefined
      ? {}
      : {
          content: {
            system: content.system,
            messages: content.messages.map(messageView),
            tools: [...content.tools],
            toolChoice: content.toolChoice,
            responseFormat: content.responseFormat,
            answer: content.response === null ? null : messageView(content.response),
            missingMessages: content.missingMessages,
          },
        }),
  };
}
