import type {
  FilePart,
  ImagePart,
  Part,
  TextPart,
  ThinkingPart,
  ToolCallPart,
  Turn,
} from "@nucleo/conversation";
import type {
  ResponseFunctionToolCall,
  ResponseInputContent,
  ResponseInputItem,
  ResponseOutputMessage,
  ResponseReasoningItem,
} from "openai/resources/responses/responses";
import { parseToolArguments } from "../response/tool-call-arguments.js";

/**
 * Renders the turns as Responses API input items, each turn's parts in their order.
 *
 * - A user turn's tool results become `function_call_output` items, placed first (they answer
 *   the calls of the turn before); its text, images and files follow as one `user` message.
 *   OpenAI's output has no error flag: a failed call says so in its text, as on Chat
 *   Completions.
 * - An assistant turn becomes its reasoning items, its text and its `function_call` items
 *   (`call_id` = the part's id). Thinking parts with an `itemId` are OpenAI reasoning items;
 *   those without one are Anthropic blocks, which OpenAI cannot read: dropped.
 *
 * Reasoning goes back whole or not at all, turn by turn. The API wants each reasoning item
 * immediately followed by the item that followed it in the output, found by its id: a reasoning
 * item followed by a message without its `msg_…` id, or by a call without its `fc_…` id, is
 * refused ("provided without its required following item"), and so is an item sent with its id
 * but without the reasoning item before it. So:
 * - A turn whose every reasoning item carries its encrypted content, and whose every reasoning
 *   item is then followed by an item with an id, goes whole: reasoning items with their id,
 *   summary and encrypted content; the text as the full output message it came in (id, and
 *   `phase` when the API sent one); calls with their item id. Encrypted content is sent in
 *   both storage modes, so a turn does not depend on OpenAI still holding the response (stored
 *   responses expire; another project or key cannot see them).
 * - Any other turn goes without its reasoning: no reasoning items, the text as a plain
 *   `assistant` message, calls without their item ids. That covers older turns (reasoning
 *   stored by id only, text kept without its message id) and answers whose text came in
 *   several messages.
 *
 * Order. The parts go in the turn's order, and the conversation appends an answer as its
 * thinking, then its text, then its tool calls, each kind in output order. With one reasoning
 * item (the usual answer) that is the output's order. An answer that reasoned more than once
 * has its reasoning items grouped ahead of its text and calls, and the API may refuse such a
 * turn; a turn whose parts are given interleaved goes interleaved.
 *
 * @internal
 */
export function toResponsesInput(turns: readonly Turn[]): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const turn of turns)
    items.push(...(turn.role === "user" ? userItems(turn) : assistantItems(turn)));
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

function assistantItems(turn: Turn): ResponseInputItem[] {
  if (everyReasoningItemCarried(turn)) {
    const whole = turnItems(turn, true);
    if (everyReasoningItemFollowed(whole)) return whole;
  }
  return turnItems(turn, false);
}

/** The turn's items; `withReasoning` false leaves out its reasoning and every item id. */
function turnItems(turn: Turn, withReasoning: boolean): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  let text: TextPart[] = [];
  const flushText = (): void => {
    if (text.length > 0) items.push(assistantMessage(text, withReasoning));
    text = [];
  };
  for (const part of turn.parts) {
    if (part.type === "text") {
      // Text parts join into one message, unless they came in different message items.
      const [first] = text;
      if (first !== undefined && (first.itemId !== part.itemId || first.phase !== part.phase))
        flushText();
      text.push(part);
      continue;
    }
    flushText();
    if (part.type === "thinking") {
      if (withReasoning && part.itemId !== undefined) items.push(reasoningItem(part, part.itemId));
    } else if (part.type === "tool_call") items.push(functionCall(part, withReasoning));
  }
  flushText();
  return items;
}

/** Whether every OpenAI reasoning item of the turn has its encrypted content (also when it has none). */
function everyReasoningItemCarried(turn: Turn): boolean {
  return turn.parts.every(
    (part) => part.type !== "thinking" || part.itemId === undefined || encryptedContent(part),
  );
}

/** Whether every reasoning item is immediately followed by an item that carries its id. */
function everyReasoningItemFollowed(items: readonly ResponseInputItem[]): boolean {
  return items.every((item, index) => {
    if (!("type" in item) || item.type !== "reasoning") return true;
    const next = items[index + 1];
    return next !== undefined && "id" in next && typeof next.id === "string" && next.id !== "";
  });
}

function encryptedContent(part: ThinkingPart): boolean {
  return part.signature !== undefined && part.signature !== "";
}

function reasoningItem(part: ThinkingPart, id: string): ResponseReasoningItem {
  return {
    type: "reasoning",
    id,
    summary: part.text === "" ? [] : [{ type: "summary_text", text: part.text }],
    ...(encryptedContent(part) ? { encrypted_content: part.signature } : {}),
  };
}

/** Text parts of one message: the output message it came in, or a plain one without its id. */
function assistantMessage(parts: readonly TextPart[], withItemId: boolean): ResponseInputItem {
  const text = parts.map((part) => part.text).join("");
  const [{ itemId, phase } = {}] = parts;
  if (!withItemId || itemId === undefined) return { role: "assistant", content: text };
  const message: ResponseOutputMessage = {
    type: "message",
    id: itemId,
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text, annotations: [] }],
  };
  // Passed back as received: the SDK names today's phases, the API may add others.
  return phase === undefined
    ? message
    : { ...message, phase: phase as ResponseOutputMessage["phase"] };
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
