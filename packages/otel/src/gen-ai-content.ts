import {
  keptJson,
  keptText,
  type ContentField,
  type ContentPolicy,
  type ModelCallContent,
  type SaidMessage,
  type SaidResponse,
} from "@nucleo/core";
import { finishReasonOf } from "./finish-reason.js";

type Json = Record<string, unknown>;

/**
 * What was said, in the GenAI conventions' opt-in JSON forms (system instructions, input and
 * output messages of `role` + `parts`, tool definitions, tool arguments and results), every
 * text kept as the content policy says (`keptText`/`keptJson`: redacted, then capped). Span
 * attributes cannot hold structures in the JavaScript API, so each value is JSON text, as the
 * conventions allow.
 *
 * A thinker re-sends its whole conversation every turn, each turn the same immutable object
 * (see `said.ts` in core): a message's JSON is derived once, keyed by its identity, so a loop
 * redacts each message once rather than once per later turn.
 */
export class GenAiContent {
  readonly #policy: ContentPolicy;
  readonly #messages = new WeakMap<object, string>();
  // A loop's system text is the same every turn: its kept JSON is made once (the last one kept).
  #lastSystem: { readonly text: string; readonly json: string } | undefined;

  constructor(policy: ContentPolicy) {
    this.#policy = policy;
  }

  /** `gen_ai.system_instructions`: the system text as one text part; `undefined` when empty. */
  systemInstructions(content: ModelCallContent): string | undefined {
    const system = content.system;
    if (typeof system !== "string" || system === "") return undefined;
    if (this.#lastSystem?.text === system) return this.#lastSystem.json;
    const json = JSON.stringify([{ type: "text", content: this.#text(system, "system") }]);
    this.#lastSystem = { text: system, json };
    return json;
  }

  /** `gen_ai.input.messages`: the conversation as sent, oldest first. */
  inputMessages(content: ModelCallContent): string {
    const messages = Array.isArray(content.messages) ? content.messages : [];
    return `[${messages.map((message) => this.#message(message)).join(",")}]`;
  }

  /** `gen_ai.output.messages`: the one answer, thinking first, then text, then tool calls. */
  outputMessages(content: ModelCallContent, stopReason: string): string {
    const response: Partial<SaidResponse> = isObject(content.response) ? content.response : {};
    const parts: Json[] = [];
    for (const thinking of arrayOf(response.thinking)) parts.push(this.#part(thinking, "thinking"));
    if (typeof response.text === "string" && response.text !== "")
      parts.push({ type: "text", content: this.#text(response.text, "response") });
    for (const call of arrayOf(response.toolCalls)) parts.push(this.#part(call, "tool_call"));
    return JSON.stringify([
      { role: "assistant", parts, finish_reason: finishReasonOf(stopReason) },
    ]);
  }

  /** `gen_ai.tool.definitions`: the tools offered, by name (their schemas are not what was said). */
  toolDefinitions(content: ModelCallContent): string | undefined {
    const names = arrayOf(content.tools).filter((name) => typeof name === "string");
    if (names.length === 0) return undefined;
    return JSON.stringify(names.map((name) => ({ type: "function", name })));
  }

  /** A job's input or output as JSON text (`gen_ai.tool.call.arguments` / `.result`). */
  value(value: unknown, field: "input" | "output"): string {
    return keptJson(value, field, this.#policy);
  }

  /** An agent's input as the one user message it was given (`gen_ai.input.messages`). */
  agentInput(input: unknown): string {
    return JSON.stringify([
      { role: "user", parts: [{ type: "text", content: this.#plain(input, "input") }] },
    ]);
  }

  /** An agent's answer as the one assistant message it gave (`gen_ai.output.messages`). */
  agentOutput(output: unknown): string {
    return JSON.stringify([
      {
        role: "assistant",
        parts: [{ type: "text", content: this.#plain(output, "output") }],
        finish_reason: "stop",
      },
    ]);
  }

  #message(message: SaidMessage): string {
    if (!isObject(message)) return "null";
    const known = this.#messages.get(message);
    if (known !== undefined) return known;
    const parts = arrayOf(message.parts);
    // Tool results travel in user messages; the conventions give them the `tool` role.
    const role =
      parts.length > 0 && parts.every((part) => isObject(part) && part.type === "tool_result")
        ? "tool"
        : message.role;
    // An assistant's words are the model's response wherever they appear (as the recorder tells
    // the redaction hook), so an answer and the same turn re-sent are redacted alike.
    const field: ContentField = message.role === "assistant" ? "response" : "message";
    const json = JSON.stringify({ role, parts: parts.map((part) => this.#part(part, field)) });
    this.#messages.set(message, json);
    return json;
  }

  #part(part: unknown, textField: ContentField): Json {
    if (!isObject(part)) return { type: "unknown" };
    const text = typeof part.text === "string" ? part.text : "";
    switch (part.type) {
      case "text":
        return { type: "text", content: this.#text(text, textField) };
      case "thinking":
        return typeof part.redacted === "string"
          ? { type: "reasoning", content: this.#text(text, "thinking"), redacted: true }
          : { type: "reasoning", content: this.#text(text, "thinking") };
      case "tool_call":
        return {
          type: "tool_call",
          id: part.id,
          name: part.name,
          arguments: parsedOrText(this.#text(text, "tool_call")),
        };
      case "tool_result": {
        const response = parsedOrText(this.#text(text, "tool_result"));
        return part.isError === true
          ? { type: "tool_call_response", id: part.callId, response, is_error: true }
          : { type: "tool_call_response", id: part.callId, response };
      }
      case "image":
      case "file":
        return this.#media(part);
      default:
        return { type: typeof part.type === "string" ? part.type : "unknown" };
    }
  }

  /** A link is kept (as text that may be redacted); inline bytes never leave the process. */
  #media(part: Json): Json {
    const modality = part.type === "image" ? "image" : "document";
    const mimeType = typeof part.mediaType === "string" ? part.mediaType : null;
    const source = isObject(part.source) ? part.source : undefined;
    if (source?.kind === "url" && typeof source.url === "string")
      return { type: "uri", modality, mime_type: mimeType, uri: this.#text(source.url, "message") };
    return typeof part.name === "string"
      ? { type: "media", modality, mime_type: mimeType, name: this.#text(part.name, "message") }
      : { type: "media", modality, mime_type: mimeType };
  }

  #text(text: string, field: ContentField): string {
    return keptText(text, field, this.#policy);
  }

  /** Text as itself; anything else as its JSON. */
  #plain(value: unknown, field: "input" | "output"): string {
    return typeof value === "string" ? this.#text(value, field) : this.value(value, field);
  }
}

/**
 * The conventions expect tool arguments and results as objects: JSON text is parsed back
 * (after redaction and the cap, so what is parsed is what was kept); anything that no longer
 * parses — cut at the cap, or not JSON to begin with — stays text.
 */
function parsedOrText(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null;
}

function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
