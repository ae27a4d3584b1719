import { Parts, type LlmDelta, type LlmResponse } from "@nucleo/conversation";
import { notWireFormat, readWire } from "../errors/wire-error.js";
import { assembleResponse, redactedThinking, type ReadBlock, type UsageFields } from "./to-llm-response.js";
import {
  anyEventSchema,
  blockDeltaSchema,
  blockStartSchema,
  blockStopSchema,
  inputJsonDeltaSchema,
  messageDeltaSchema,
  messageStartSchema,
  redactedThinkingBlockSchema,
  signatureDeltaSchema,
  textDeltaSchema,
  thinkingDeltaSchema,
  toolUseBlockSchema,
  type WireDeltaUsage,
} from "./wire-schemas.js";

const STEP = "stream";

/** A content block while its deltas arrive. */
type OpenBlock =
  | { kind: "text"; text: string }
  | { kind: "thinking"; text: string; signature: string | undefined }
  | { kind: "redacted"; data: string }
  | { kind: "tool_call"; id: string; name: string; json: string }
  | { kind: "skipped" };

/**
 * Folds the Messages API's stream events into deltas as they arrive and, at the end, the same
 * response a whole message would have given. Text and thinking deltas are passed on at once; a
 * tool call is passed on once its block stops and its accumulated `input_json_delta` parses.
 * Input that does not parse is kept raw until {@link finish}: a call cut off at `max_tokens` is
 * dropped (the response reports `max_tokens`), any other is refused as not the wire format.
 *
 * A stream stopped at `max_tokens` may leave its last block open (no `content_block_stop`
 * before `message_delta` and `message_stop`): {@link finish} keeps what arrived of an open text
 * or thinking block and drops an open tool call, whose input is cut. A stream that ends before
 * `message_stop`, or never sent `message_start` or a `message_delta` with usage, was cut:
 * {@link finish} refuses it, as it refuses a block left open under any other stop reason.
 *
 * @internal
 */
export class StreamAccumulator {
  #model: string | undefined;
  #startUsage: UsageFields | undefined;
  #deltaUsage: WireDeltaUsage | undefined;
  #stopReason: string | null | undefined;
  #stopped = false;
  readonly #open = new Map<number, OpenBlock>();
  readonly #done = new Map<number, ReadBlock>();
  /** Tool calls whose input did not parse when their block stopped: judged at {@link finish}. */
  readonly #unparsed = new Map<number, { id: string; name: string; json: string }>();

  /** Takes one event; returns the deltas it completes (often none). */
  accept(event: unknown): LlmDelta[] {
    const { type } = readWire(anyEventSchema, event, STEP, "an event without a type");
    switch (type) {
      case "message_start": {
        const { message } = readWire(messageStartSchema, event, STEP, "message_start without a model or usage");
        this.#model = message.model;
        this.#startUsage = message.usage;
        return [];
      }
      case "content_block_start":
        this.#start(event);
        return [];
      case "content_block_delta":
        return this.#delta(event);
      case "content_block_stop":
        return this.#stop(event);
      case "message_delta": {
        const delta = readWire(messageDeltaSchema, event, STEP, "message_delta without usage");
        this.#stopReason = delta.delta.stop_reason;
        this.#deltaUsage = delta.usage;
        return [];
      }
      case "message_stop":
        this.#stopped = true;
        return [];
      default:
        // `ping` and events added later carry nothing this client reads.
        return [];
    }
  }

  /**
   * The whole response, once the stream has ended.
   *
   * @throws {ExternalServiceError} (step `stream`) when the stream was cut or lacked its usage,
   *   a block was left open though the stop reason is not `max_tokens`, or a tool call's input
   *   is not a JSON object though the stop reason is not `max_tokens`.
   */
  finish(): LlmResponse {
    if (this.#model === undefined || this.#startUsage === undefined) throw notWireFormat(STEP, "the stream never sent message_start");
    if (this.#deltaUsage === undefined) throw notWireFormat(STEP, "the stream ended without message_delta and its usage");
    if (!this.#stopped) throw notWireFormat(STEP, "the stream ended before message_stop");
    if (this.#open.size > 0) {
      // At max_tokens the API may stop mid-block without closing it (the SDKs' own streaming
      // fixtures carry this shape); under any other reason an open block means a broken stream.
      if (this.#stopReason !== "max_tokens") throw notWireFormat(STEP, "a content block was still open at message_stop");
      for (const [index, block] of this.#open) {
        const read = closeCut(block);
        if (read !== undefined) this.#done.set(index, read);
      }
      this.#open.clear();
    }
    const start = this.#startUsage;
    const last = this.#deltaUsage;
    // message_delta's counts are cumulative; where it sends null the start's count stands.
    const usage: UsageFields = {
      input_tokens: last.input_tokens ?? start.input_tokens,
      output_tokens: last.output_tokens,
      cache_read_input_tokens: last.cache_read_input_tokens ?? start.cache_read_input_tokens,
      cache_creation_input_tokens: last.cache_creation_input_tokens ?? start.cache_creation_input_tokens,
    };
    if (this.#stopReason !== "max_tokens") {
      for (const [index, call] of this.#unparsed) {
        this.#done.set(index, { kind: "tool_call", part: Parts.toolCall(call.id, call.name, parseInput(call.json)) });
      }
    }
    // At max_tokens a call whose input does not parse was cut off: it is dropped, and the caller
    // reads the stop reason.
    this.#unparsed.clear();
    const blocks = [...this.#done.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
    return assembleResponse({ blocks, stopReason: this.#stopReason, usage, model: this.#model });
  }

  #start(event: unknown): void {
    const { index, content_block: block } = readWire(blockStartSchema, event, STEP, "content_block_start without a block");
    if (this.#open.has(index) || this.#done.has(index) || this.#unparsed.has(index)) throw notWireFormat(STEP, "a content block started twice");
    switch (block.type) {
      case "text":
      case "thinking":
        // Their text arrives in deltas; the start's own text (normally empty) comes first.
        this.#open.set(index, block.type === "text"
          ? { kind: "text", text: typeof block["text"] === "string" ? block["text"] : "" }
          : { kind: "thinking", text: typeof block["thinking"] === "string" ? block["thinking"] : "", signature: nonEmpty(block["signature"]) });
        return;
      case "redacted_thinking":
        this.#open.set(index, { kind: "redacted", data: readWire(redactedThinkingBlockSchema, block, STEP, "a redacted thinking block without data").data });
        return;
      case "tool_use": {
        // The input arrives as JSON text in deltas; the start carries an empty object.
        const call = readWire(toolUseBlockSchema, block, STEP, "a tool_use block without id or name");
        this.#open.set(index, { kind: "tool_call", id: call.id, name: call.name, json: "" });
        return;
      }
      default:
        this.#open.set(index, { kind: "skipped" });
    }
  }

  #delta(event: unknown): LlmDelta[] {
    const { index, delta } = readWire(blockDeltaSchema, event, STEP, "content_block_delta without a delta");
    const block = this.#open.get(index);
    if (block === undefined) throw notWireFormat(STEP, "a delta for a block that is not open");
    if (block.kind === "text" && delta.type === "text_delta") {
      const { text } = readWire(textDeltaSchema, delta, STEP, "a text delta without text");
      block.text += text;
      return text === "" ? [] : [{ type: "text", text }];
    }
    if (block.kind === "thinking" && delta.type === "thinking_delta") {
      const { thinking } = readWire(thinkingDeltaSchema, delta, STEP, "a thinking delta without text");
      block.text += thinking;
      return thinking === "" ? [] : [{ type: "thinking", text: thinking }];
    }
    if (block.kind === "thinking" && delta.type === "signature_delta") {
      block.signature = readWire(signatureDeltaSchema, delta, STEP, "a signature delta without a signature").signature;
      return [];
    }
    if (block.kind === "tool_call" && delta.type === "input_json_delta") {
      block.json += readWire(inputJsonDeltaSchema, delta, STEP, "an input delta without JSON").partial_json;
      return [];
    }
    // Citations, and deltas of skipped blocks, carry nothing this client keeps.
    return [];
  }

  #stop(event: unknown): LlmDelta[] {
    const { index } = readWire(blockStopSchema, event, STEP, "content_block_stop without an index");
    const block = this.#open.get(index);
    if (block === undefined) throw notWireFormat(STEP, "a stop for a block that is not open");
    this.#open.delete(index);
    if (block.kind === "tool_call") {
      const input = tryParseInput(block.json);
      if (input === undefined) {
        this.#unparsed.set(index, { id: block.id, name: block.name, json: block.json });
        return [];
      }
      const part = Parts.toolCall(block.id, block.name, input);
      this.#done.set(index, { kind: "tool_call", part });
      return [{ type: "tool_call", call: part }];
    }
    const read = close(block);
    if (read === undefined) return [];
    this.#done.set(index, read);
    return read.kind === "tool_call" ? [{ type: "tool_call", call: read.part }] : [];
  }
}

function close(block: OpenBlock): ReadBlock | undefined {
  switch (block.kind) {
    case "text":
      return { kind: "text", text: block.text };
    case "thinking":
      if (block.signature === undefined) throw notWireFormat(STEP, "a thinking block without its signature");
      return { kind: "thinking", part: Parts.thinking(block.text, block.signature) };
    case "redacted":
      return { kind: "thinking", part: redactedThinking(block.data) };
    case "tool_call":
      // Read in #stop, which may defer it to finish.
      return { kind: "tool_call", part: Parts.toolCall(block.id, block.name, parseInput(block.json)) };
    case "skipped":
      return undefined;
  }
}

/**
 * A block the stream left open when it stopped at `max_tokens`: what arrived of it. A tool call
 * is dropped (its input is cut, and the caller reads the stop reason); thinking is kept with its
 * signature when one arrived, else unsigned, which this client never sends back.
 */
function closeCut(block: OpenBlock): ReadBlock | undefined {
  switch (block.kind) {
    case "tool_call":
      return undefined;
    case "thinking":
      return { kind: "thinking", part: Parts.thinking(block.text, block.signature) };
    default:
      return close(block);
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A tool call's input, or undefined when its JSON text does not parse to an object. */
function tryParseInput(json: string): Readonly<Record<string, unknown>> | undefined {
  try {
    return parseInput(json);
  } catch {
    return undefined;
  }
}

/** A tool call's input: its JSON text, where no delta at all means no arguments. */
function parseInput(json: string): Readonly<Record<string, unknown>> {
  if (json.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw notWireFormat(STEP, "a tool call whose input is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw notWireFormat(STEP, "a tool call whose input is not an object");
  return value as Record<string, unknown>;
}
