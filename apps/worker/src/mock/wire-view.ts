import type { MockRequest } from "@nucleo/testing";
import { parseJson } from "../config/parse-json.js";

/** A tool call the model made earlier in the conversation, with the result it got back. */
export interface WireToolExchange {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** The tool's result as the conversation carries it (JSON text), or `undefined` when none came yet. */
  readonly result: string | undefined;
}

/**
 * A request to the mock provider, read the same way whichever wire it came on (OpenAI Chat
 * Completions, OpenAI Responses or Anthropic Messages), so a workflow's mock turns are written
 * once.
 */
export interface WireView {
  readonly wire: MockRequest["wire"];
  readonly model: string;
  /** The system prompt's text. */
  readonly system: string;
  /** The user turns' texts, in order (tool results excluded). */
  readonly userTexts: readonly string[];
  /** Every tool call so far, in order, with its result. */
  readonly toolExchanges: readonly WireToolExchange[];
  /** The names of the tools offered on this call. */
  readonly tools: readonly string[];
  /** The call is guaranteed a thinking block (an Anthropic budget): reasoning goes there, not in the envelope. */
  readonly thinking: boolean;
  /**
   * The call may reason apart from the answer without a guarantee (OpenAI Responses reasoning
   * items, Anthropic adaptive thinking): the mock returns reasoning there, and the answer's
   * envelope still carries its own reasoning field.
   */
  readonly reasoningItems: boolean;
}

type Json = Record<string, unknown>;

/** Reads a mock provider request into a {@link WireView}. */
export function readWireView(request: MockRequest): WireView {
  if (request.wire === "anthropic") return readAnthropic(request);
  return request.wire === "openai-responses" ? readResponses(request) : readOpenAi(request);
}

function readResponses(request: MockRequest): WireView {
  const input = request.body.input;
  const items: Json[] =
    typeof input === "string" ? [{ role: "user", content: input }] : arrayOf(input);
  const system = typeof request.body.instructions === "string" ? [request.body.instructions] : [];
  const userTexts: string[] = [];
  const exchanges = new Map<
    string,
    { name: string; arguments: Json; result: string | undefined }
  >();
  for (const item of items) {
    if (item.type === "function_call") {
      const parsed = parseJson(typeof item.arguments === "string" ? item.arguments : "{}");
      exchanges.set(String(item.call_id), {
        name: String(item.name),
        arguments: parsed.success ? objectOf(parsed.value) : {},
        result: undefined,
      });
    } else if (item.type === "function_call_output") {
      const exchange = exchanges.get(String(item.call_id));
      if (exchange) exchange.result = textOf(item.output);
    } else if (item.type === undefined || item.type === "message") {
      if (item.role === "system" || item.role === "developer") system.push(textOf(item.content));
      else if (item.role === "user") userTexts.push(textOf(item.content));
    }
  }
  return {
    wire: "openai-responses",
    model: request.model,
    system: system.join("\n"),
    userTexts,
    toolExchanges: [...exchanges.values()],
    tools: arrayOf(request.body.tools).map((tool) => String(tool.name)),
    thinking: false,
    reasoningItems: objectOf(request.body.reasoning).effort !== undefined,
  };
}

function readOpenAi(request: MockRequest): WireView {
  const messages = arrayOf(request.body.messages);
  const system: string[] = [];
  const userTexts: string[] = [];
  const exchanges = new Map<
    string,
    { name: string; arguments: Json; result: string | undefined }
  >();
  for (const message of messages) {
    const role = message.role;
    if (role === "system" || role === "developer") system.push(textOf(message.content));
    else if (role === "user") userTexts.push(textOf(message.content));
    else if (role === "assistant") {
      for (const call of arrayOf(message.tool_calls)) {
        const fn = objectOf(call.function);
        const parsed = parseJson(typeof fn.arguments === "string" ? fn.arguments : "{}");
        exchanges.set(String(call.id), {
          name: String(fn.name),
          arguments: parsed.success ? objectOf(parsed.value) : {},
          result: undefined,
        });
      }
    } else if (role === "tool") {
      const exchange = exchanges.get(String(message.tool_call_id));
      if (exchange) exchange.result = textOf(message.content);
    }
  }
  const tools = arrayOf(request.body.tools).map((tool) => String(objectOf(tool.function).name));
  return {
    wire: "openai",
    model: request.model,
    system: system.join("\n"),
    userTexts,
    toolExchanges: [...exchanges.values()],
    tools,
    thinking: false,
    reasoningItems: false,
  };
}

function readAnthropic(request: MockRequest): WireView {
  const userTexts: string[] = [];
  const exchanges = new Map<
    string,
    { name: string; arguments: Json; result: string | undefined }
  >();
  for (const message of arrayOf(request.body.messages)) {
    const blocks =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : arrayOf(message.content);
    if (message.role === "assistant") {
      for (const block of blocks) {
        if (block.type === "tool_use")
          exchanges.set(String(block.id), {
            name: String(block.name),
            arguments: objectOf(block.input),
            result: undefined,
          });
      }
      continue;
    }
    const texts: string[] = [];
    for (const block of blocks) {
      if (block.type === "tool_result") {
        const exchange = exchanges.get(String(block.tool_use_id));
        if (exchange) exchange.result = textOf(block.content);
      } else if (block.type === "text") texts.push(String(block.text));
    }
    if (texts.length > 0) userTexts.push(texts.join("\n"));
  }
  // Only a budget guarantees a thinking block, so only then does the envelope drop its
  // reasoning field (thinkingActive): an adaptive call thinks in a block and still answers it.
  const mode = objectOf(request.body.thinking).type;
  const thinking = mode === "enabled";
  const tools = arrayOf(request.body.tools).map((tool) => String(tool.name));
  return {
    wire: "anthropic",
    model: request.model,
    system: textOf(request.body.system),
    userTexts,
    toolExchanges: [...exchanges.values()],
    tools,
    thinking,
    reasoningItems: mode === "adaptive",
  };
}

/** Text content: a string, or the text parts of a list of content blocks. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return arrayOf(content)
    .filter((part) => typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n");
}

function arrayOf(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((item): item is Json => typeof item === "object" && item !== null)
    : [];
}

function objectOf(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

/**
 * The job's input as the first user turn carries it (JSON text): its fields, or none when that
 * turn is not a JSON object. Every workflow's mock reads what it was asked from here.
 */
export function givenInput(view: WireView): Readonly<Record<string, unknown>> {
  const parsed = parseJson(view.userTexts[0] ?? "");
  return parsed.success && typeof parsed.value === "object" && parsed.value !== null
    ? (parsed.value as Record<string, unknown>)
    : {};
}
