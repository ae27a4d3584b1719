import type {
  FilePart,
  ImagePart,
  Part,
  ThinkingPart,
  ToolCallPart,
  Turn,
} from "@nucleo/conversation";
import type {
  ResponseFunctionToolCall,
  ResponseInputContent,
  ResponseInputItem,
  ResponseReasoningItem,
} from "openai/resources/responses/responses";
import { parseToolArguments } from "../response/tool-call-arguments.js";

/**
 * How reasoning items go back: by reference to what OpenAI stored, or carried whole because
 * nothing is stored (zero retention: `store: false`).
 *
 * @internal
 */
export type ReasoningCarry = "stored" | "encrypted";

/**
 * Renders the turns as Responses API input items, each turn's parts in their order.
 *
 * - A user turn's tool results become `function_call_output` items, placed first (they answer
 *   the calls of the turn before); its text, images and files follow as one `user` message.
 *   OpenAI's output has no error flag: a failed call says so in its text, as on Chat
 *   Completions.
 * - An assistant turn becomes its reasoning items, one `assistant` message for its text, and
 *   one `function_call` item per tool call: `call_id` = the part's id, and `id` = its `itemId`
 *   (`fc_…`) when it has one. A stored reasoning item is paired with the item that followed it
 *   by that id: a call sent back without it leaves its reasoning item "without its required
 *   following item", and the API refuses the request. The id goes in both carries: the call is
 *   given in full, so its id is not a lookup. Calls without one (Anthropic's, the runtime's)
 *   go without.
 * - Thinking parts with an `itemId` are OpenAI reasoning items and go back, so a reasoning
 *   model keeps its reasoning from turn to turn. With `"stored"` they go by id with their
 *   summary (and encrypted content when there is some); with `"encrypted"` only those with
 *   their encrypted content go (an id alone points at nothing when nothing is stored).
 *   Thinking parts without an `itemId` are Anthropic blocks, which OpenAI cannot read: dropped.
 * - When a turn's reasoning item is left out, its calls go without their ids: the API refuses
 *   a call sent with its id but without the reasoning item that preceded it.
 *
 * Order. The API wants each reasoning item immediately followed by the item that followed it
 * in the output. The parts go in the turn's order, and the conversation appends an answer as
 * its thinking, then its text, then its tool calls, each kind in output order. With one
 * reasoning item (the usual answer) that is the output's order: the model reasons first, then
 * writes its text (a preamble comes before the calls), then calls. What the parts cannot tell:
 * - where an answer that reasoned more than once put its later reasoning items: the response
 *   keeps reasoning and calls in separate lists, so they go grouped (all reasoning, then the
 *   calls), and the API may refuse the turn. A turn whose parts are given interleaved goes
 *   interleaved;
 * - the id of the message that carried the text (`msg_…`): a text part has no field for it, so
 *   the text goes as a plain `assistant` message, without one.
 *
 * @internal
 */
export function toResponsesInput(
  turns: readonly Turn[],
  carry: ReasoningCarry,
): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const turn of turns)
    items.push(...(turn.role === "user" ? userItems(turn) : assistantItems(turn, carry)));
  return items;
}

function userItems(turn: Turn): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  const content: ResponseInputContent[] = [];
  for (const part of turn.parts) {
    if (part.type === "tool_result")
      items.push({
        type: "function_call_output",
        call_id: part.callId,
        output: part.isError ? `Error: ${part.text}` : part.text,
      });
    else {
      const wire = userContent(part);
      if (wire) content.push(wire);
    }
  }
  if (content.length > 0) items.push({ role: "user", content: asPlainText(content) ?? content });
  return items;
}

function userContent(part: Part): ResponseInputContent | undefined {
  switch (part.type) {
    case "text":
      return { type: "input_text", text: part.text };
    case "image":
      return { type: "input_image", image_url: imageUrl(part), detail: "auto" };
    case "file":
      return {
        type: "input_file",
        filename: part.name,
        file_data: dataUrl(part.mediaType, part.data),
      };
    default:
      // Thinking and tool calls never belong to a user message.
      return undefined;
  }
}

function assistantItems(turn: Turn, carry: ReasoningCarry): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  const sendCallItemIds = everyReasoningItemGoes(turn, carry);
  let text: string[] = [];
  const flushText = (): void => {
    if (text.length > 0) items.push({ role: "assistant", content: text.join("") });
    text = [];
  };
  for (const part of turn.parts) {
    if (part.type === "text") {
      text.push(part.text);
      continue;
    }
    flushText();
    if (part.type === "thinking") {
      const reasoning = reasoningItem(part, carry);
      if (reasoning) items.push(reasoning);
    } else if (part.type === "tool_call") items.push(functionCall(part, sendCallItemIds));
  }
  flushText();
  return items;
}

/** Whether every OpenAI reasoning item of the turn goes back (also when it has none). */
function everyReasoningItemGoes(turn: Turn, carry: ReasoningCarry): boolean {
  return turn.parts.every(
    (part) =>
      part.type !== "thinking" ||
      part.itemId === undefined ||
      reasoningItem(part, carry) !== undefined,
  );
}

function reasoningItem(
  part: ThinkingPart,
  carry: ReasoningCarry,
): ResponseReasoningItem | undefined {
  if (part.itemId === undefined) return undefined;
  const encrypted = part.signature !== undefined && part.signature !== "";
  if (carry === "encrypted" && !encrypted) return undefined;
  return {
    type: "reasoning",
    id: part.itemId,
    summary: part.text === "" ? [] : [{ type: "summary_text", text: part.text }],
    ...(encrypted ? { encrypted_content: part.signature } : {}),
  };
}

function functionCall(part: ToolCallPart, withItemId: boolean): ResponseFunctionToolCall {
  // Send back what the model wrote when it was readable JSON; a call that was not (its
  // `arguments` are then `{}`) goes back as `{}` so the conversation stays valid on the wire.
  const text =
    parseToolArguments(part.text) === undefined ? JSON.stringify(part.arguments) : part.text;
  const call: ResponseFunctionToolCall = {
    type: "function_call",
    call_id: part.id,
    name: part.name,
    arguments: text,
  };
  return withItemId && part.itemId !== undefined ? { ...call, id: part.itemId } : call;
}

/** One text part is sent as a plain string. */
function asPlainText(content: readonly ResponseInputContent[]): string | undefined {
  const [only] = content;
  return content.length === 1 && only?.type === "input_text" ? only.text : undefined;
}

function imageUrl(part: ImagePart): string {
  return part.source.kind === "url" ? part.source.url : dataUrl(part.mediaType, part.source.data);
}

function dataUrl(mediaType: FilePart["mediaType"], base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}
