import type {
  ImagePart,
  FilePart,
  LlmRequest,
  Part,
  TextPart,
  ToolCallPart,
  Turn,
} from "@nucleo/conversation";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { parseToolArguments } from "../response/tool-call-arguments.js";

/**
 * Renders the system content and turns as Chat Completions messages.
 *
 * - The system content is one message in `systemRole`: `system`, or `developer` for OpenAI's
 *   reasoning models (see `instructionsRole`).
 * - A user turn's tool results become one `tool` message each, placed first because the API
 *   wants them right after the assistant message that called the tools; the turn's other
 *   parts follow as one `user` message.
 * - Thinking parts are dropped: Chat Completions keeps its reasoning and takes none back.
 *
 * @internal
 */
export function toOpenAiMessages(
  request: Pick<LlmRequest, "system" | "messages">,
  systemRole: "system" | "developer" = "system",
): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system.text !== "") messages.push({ role: systemRole, content: request.system.text });
  for (const turn of request.messages)
    messages.push(...(turn.role === "user" ? userMessages(turn) : [assistantMessage(turn)]));
  return messages;
}

function userMessages(turn: Turn): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const content: ChatCompletionContentPart[] = [];
  for (const part of turn.parts) {
    // OpenAI's tool message has no error flag: a failed call says so in its text.
    if (part.type === "tool_result")
      messages.push({
        role: "tool",
        tool_call_id: part.callId,
        content: part.isError ? `Error: ${part.text}` : part.text,
      });
    else {
      const wire = userContentPart(part);
      if (wire) content.push(wire);
    }
  }
  if (content.length > 0) messages.push({ role: "user", content: asPlainText(content) ?? content });
  return messages;
}

function userContentPart(part: Part): ChatCompletionContentPart | undefined {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image":
      return { type: "image_url", image_url: { url: imageUrl(part) } };
    case "file":
      return {
        type: "file",
        file: { filename: part.name, file_data: dataUrl(part.mediaType, part.data) },
      };
    default:
      // Thinking and tool calls never belong to a user message.
      return undefined;
  }
}

function assistantMessage(turn: Turn): ChatCompletionAssistantMessageParam {
  const texts = turn.parts
    .filter((part): part is TextPart => part.type === "text")
    .map((part) => ({ type: "text" as const, text: part.text }));
  const toolCalls = turn.parts
    .filter((part): part is ToolCallPart => part.type === "tool_call")
    .map(toWireToolCall);
  const content = asPlainText(texts) ?? (texts.length > 0 ? texts : null);
  if (toolCalls.length === 0) return { role: "assistant", content: content ?? "" };
  return { role: "assistant", content, tool_calls: toolCalls };
}

function toWireToolCall(part: ToolCallPart): ChatCompletionMessageFunctionToolCall {
  // Send back what the model wrote when it was readable JSON; a call that was not (its
  // `arguments` are then `{}`) goes back as `{}` so the conversation stays valid on the wire.
  const text =
    parseToolArguments(part.text) === undefined ? JSON.stringify(part.arguments) : part.text;
  return { id: part.id, type: "function", function: { name: part.name, arguments: text } };
}

/** One text part is sent as a plain string, the form every compatible server reads. */
function asPlainText(content: readonly ChatCompletionContentPart[]): string | undefined {
  const [only] = content;
  return content.length === 1 && only?.type === "text" ? only.text : undefined;
}

function imageUrl(part: ImagePart): string {
  return part.source.kind === "url" ? part.source.url : dataUrl(part.mediaType, part.source.data);
}

function dataUrl(mediaType: FilePart["mediaType"], base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}
