import { Parts, type LlmDelta, type LlmResponse } from "@nucleo/conversation";
import { notWireFormat, readWire } from "../errors/wire-error.js";
import {
  assembleResponse,
  redactedThinking,
  type ReadBlock,
  type UsageFields,
} from "./to-llm-response.js";
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
  type WireBlock,
  type WireDeltaUsage,
} from "./wire-schemas.js";

const STEP = "stream";

/**
 * Stop reasons that mean the output was cut by a token limit — the call's `max_tokens`, or the
 * model's context window filling up — so the last block may be left open and a tool call's
 * input may stop mid-JSON. Each is still reported as the non-streamed path maps it.
 */
const CUT_OFF: ReadonlySet<string> = new Set(["max_tokens", "model_context_window_exceeded"]);

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
 * Input that does not parse is kept raw until {@link finish}: a call cut off by a token limit is
 * dropped (the response reports the stop reason), any other is refused as not the wire format.
 *
 * Blocks arrive one at a time (`content_block_start`, its deltas, `content_block_stop`, then
 * the next), and `message_stop` is the last event: a block that starts while another is open,
 * or any event but `ping` after `message_stop`, is refused as not the wire format.
 *
 * A stream cut by a token limit (`max_tokens`, `model_context_window_exceeded`) may leave its
 * last block open (no `content_block_stop` before `message_delta` and `message_stop`):
 * {@link finish} keeps what arrived of an open text or thinking block and drops an open tool
 * call, whose input is cut, and reports the stop reason as a whole message would (`max_tokens`,
 * `other`). A stream that ends before `message_stop`, or never sent `message_start` or a
 * `message_delta` with usage, was cut in transit: {@link finish} refuses it, as it refuses a
 * block left open under any other stop reason.
 *
 * @internal
 */
export class StreamAccumulator {
  #model: string | undefined;
  #startUsage: UsageFields | undefined;
  #deltaUsage: WireDeltaUsage | undefined;
  #stopReason: string | null | undefined;
  #stopped = false;
  /** The block whose deltas are arriving: the stream opens and closes blocks one at a time. */
  #open: { readonly index: number; readonly block: OpenBlock } | undefined;
  readonly #done = new Map<number, ReadBlock>();
  /** Tool calls whose input did not parse when their block stopped: judged at {@link finish}. */
  readonly #unparsed = new Map<number, { id: string; name: string; json: string }>();

  /** Takes one event; returns the deltas it completes (often none). */
  accept(event: unknown): LlmDelta[] {
    const { type } = readWire(anyEventSchema, event, STEP, "an event without a type");
    // message_stop ends the documented event flow; only keep-alive pings may still arrive. A
    // block or a stop reason after it would change a message that was already complete.
    if (this.#stopped && type !== "ping") throw notWireFormat(STEP, "an event after message_stop");
    switch (type) {
      case "message_start": {
        const { message } = readWire(
          messageStartSchema,
          event,
          STEP,
          "message_start without a model or usage",
        );
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
   *   a block was left open, or a tool call's input is not a JSON object, though the stop reason
   *   is not one that cuts the output (`max_tokens`, `model_context_window_exceeded`).
   */
  finish(): LlmResponse {
    if (this.#model === undefined || this.#startUsage === undefined)
      throw notWireFormat(STEP, "the stream never sent message_start");
    if (this.#deltaUsage === undefined)
      throw notWireFormat(STEP, "the stream ended without message_delta and its usage");
    if (!this.#stopped) throw notWireFormat(STEP, "the stream ended before message_stop");
    const cutOff = this.#stopReason != null && CUT_OFF.has(this.#stopReason);
    if (this.#open !== undefined) {
      // A token limit may stop the API mid-block without closing it (the SDKs' own streaming
      // fixtures carry this shape at max_tokens); under any other reason an open block means a
      // broken stream.
      if (!cutOff) throw notWireFormat(STEP, "a content block was still open at message_stop");
      const read = closeCut(this.#open.block);
      if (read !== undefined) this.#done.set(this.#open.index, read);
      this.#open = undefined;
    }
    const start = this.#startUsage;
    const last = this.#deltaUsage;
    // message_delta's counts are cumulative; where it sends null the start's count stands.
    const usage: UsageFields = {
      input_tokens: last.input_tokens ?? start.input_tokens,
      output_tokens: last.output_tokens,
      cache_read_input_tokens: last.cache_read_input_tokens ?? start.cache_read_input_tokens,
      cache_creation_input_tokens:
        last.cache_creation_input_tokens ?? start.cache_creation_input_tokens,
      // The SDK's message_delta carries no breakdown by lifetime; message_start's stands.
      cache_creation: last.cache_creation ?? start.cache_creation,
    };
    if (!cutOff) {
      for (const [index, call] of this.#unparsed) {
        this.#done.set(index, {
          kind: "tool_call",
          part: Parts.toolCall(call.id, call.name, parseInput(call.json)),
        });
      }
    }
    // Under a token limit a call whose input does not parse was cut off: it is dropped, and the
    // caller reads the stop reason.
    this.#unparsed.clear();
    const blocks = [...this.#done.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
    return assembleResponse({
      blocks,
      stopReason: this.#stopReason,
      usage,
      model: this.#model,
      step: STEP,
    });
  }

  #start(event: unknown): void {
    const { index, content_block: block } = readWire(
      blockStartSchema,
      event,
      STEP,
      "content_block_start without a block",
    );
    if (this.#open?.index === index || this.#done.has(index) || this.#unparsed.has(index))
      throw notWireFormat(STEP, "a content block started twice");
    // The API streams blocks one after another, and the SDK's own accumulator relies on it (it
    // applies each delta and stop to the block that started last). Interleaved blocks are not
    // the wire format; the one block a stream may leave open is its last, at a token limit.
    if (this.#open !== undefined)
      throw notWireFormat(STEP, "a content block started while another was open");
    this.#open = { index, block: openBlock(block) };
  }

  #delta(event: unknown): LlmDelta[] {
    const { index, delta } = readWire(
      blockDeltaSchema,
      event,
      STEP,
      "content_block_delta without a delta",
    );
    const block = this.#open?.index === index ? this.#open.block : undefined;
    if (block === undefined) throw notWireFormat(STEP, "a delta for a block that is not open");
    if (block.kind === "text" && delta.type === "text_delta") {
      const { text } = readWire(textDeltaSchema, delta, STEP, "a text delta without text");
      block.text += text;
      return text === "" ? [] : [{ type: "text", text }];
    }
    if (block.kind === "thinking" && delta.type === "thinking_delta") {
      const { thinking } = readWire(
        thinkingDeltaSchema,
        delta,
        STEP,
        "a thinking delta without text",
      );
      block.text += thinking;
      return thinking === "" ? [] : [{ type: "thinking", text: thinking }];
    }
    if (block.kind === "thinking" && delta.type === "signature_delta") {
      block.signature = readWire(
        signatureDeltaSchema,
        delta,
        STEP,
        "a signature delta without a signature",
      ).signature;
      return [];
    }
    if (block.kind === "tool_call" && delta.type === "input_json_delta") {
      block.json += readWire(
        inputJsonDeltaSchema,
        delta,
        STEP,
        "an input delta without JSON",
      ).partial_json;
      return [];
    }
    // Citations, and deltas of skipped blocks, carry nothing this client keeps.
    return [];
  }

  #stop(event: unknown): LlmDelta[] {
    const { index } = readWire(blockStopSchema, event, STEP, "content_block_stop without an index");
    const block = this.#open?.index === index ? this.#open.block : undefined;
    if (block === undefined) throw notWireFormat(STEP, "a stop for a block that is not open");
    this.#open = undefined;
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

/** The block a `content_block_start` opens, before its deltas arrive. */
function openBlock(block: WireBlock): OpenBlock {
  switch (block.type) {
    case "text":
      // Its text arrives in deltas; the start's own text (normally empty) comes first.
      return { kind: "text", text: typeof block.text === "string" ? block.text : "" };
    case "thinking":
      return {
        kind: "thinking",
        text: typeof block.thinking === "string" ? block.thinking : "",
        signature: nonEmpty(block.signature),
      };
    case "redacted_thinking":
      return {
        kind: "redacted",
        data: readWire(
          redactedThinkingBlockSchema,
          block,
          STEP,
          "a redacted thinking block without data",
        ).data,
      };
    case "tool_use": {
      // The input arrives as JSON text in deltas; the start carries an empty object.
      const call = readWire(toolUseBlockSchema, block, STEP, "a tool_use block without id or name");
      return { kind: "tool_call", id: call.id, name: call.name, json: "" };
    }
    default:
      return { kind: "skipped" };
  }
}

function close(block: OpenBlock): ReadBlock | undefined {
  switch (block.kind) {
    case "text":
      return { kind: "text", text: block.text };
    case "thinking":
      if (block.signature === undefined)
        throw notWireFormat(STEP, "a thinking block without its signature");
      return { kind: "thinking", part: Parts.thinking(block.text, block.signature) };
    case "redacted":
      return { kind: "thinking", part: redactedThinking(block.data) };
    case "tool_call":
      // Read in #stop, which may defer it to finish.
      return {
        kind: "tool_call",
        part: Parts.toolCall(block.id, block.name, parseInput(block.json)),
      };
    case "skipped":
      return undefined;
  }
}

/**
 * A block the stream left open when a token limit stopped it: what arrived of it. A tool call
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
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw notWireFormat(STEP, "a tool call whose input is not an object");
  return value as Record<string, unknown>;
}
