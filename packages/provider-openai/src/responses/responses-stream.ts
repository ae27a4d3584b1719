import type { LlmDelta, LlmResponse } from "@nucleo/conversation";
import { reportedFailure } from "../errors/response-failure.js";
import { wireFault, type WireStep } from "../response/to-llm-response.js";
import type { z } from "zod";
import {
  deltaEventSchema,
  failedEventSchema,
  itemDoneEventSchema,
  responseEventSchema,
  responsesErrorSchema,
  streamEventSchema,
  summaryPartEventSchema,
} from "./responses-wire-schemas.js";
import { fromResponse, SUMMARY_SEPARATOR, toolCallOf } from "./to-llm-response-from-responses.js";

// The delta events and what each becomes. A refusal is streamed as text, as on Chat
// Completions: `send` returns its text as the content too.
const DELTAS: Readonly<Record<string, "text" | "thinking">> = {
  "response.output_text.delta": "text",
  "response.refusal.delta": "text",
  "response.reasoning_summary_text.delta": "thinking",
};

/**
 * Builds a streamed Responses API answer event by event: text and refusal deltas as text,
 * reasoning-summary deltas as thinking (a blank line between an item's summaries), each function call once its item is done, and at the
 * end the response the closing event (`response.completed` or `response.incomplete`) carries,
 * read exactly as `send` reads a whole one.
 *
 * A `response.failed` or `error` event is the failure its code says (see `reportedFailure`);
 * a stream that ends before its closing event, or an event that is not what its type says, is
 * an `ExternalServiceError` on the step.
 *
 * @internal
 */
export class ResponsesStreamAssembler {
  readonly #where: WireStep;
  #final: LlmResponse | undefined;

  constructor(where: WireStep) {
    this.#where = where;
  }

  /** Reads one event; returns the deltas it brings. */
  push(raw: unknown): LlmDelta[] {
    const event = this.#read(streamEventSchema, raw, "a stream event has no type");
    const delta = DELTAS[event.type];
    if (delta !== undefined) {
      const { delta: text } = this.#read(
        deltaEventSchema,
        raw,
        `a ${event.type} event has no delta`,
      );
      return text === "" ? [] : [{ type: delta, text }];
    }
    switch (event.type) {
      case "response.reasoning_summary_part.added": {
        // A reasoning item's summaries are joined by a blank line in its thinking part; the
        // deltas say so too, so that they add up to the part's text.
        const part = this.#read(summaryPartEventSchema, raw, "a summary part has no index");
        return part.summary_index > 0 ? [{ type: "thinking", text: SUMMARY_SEPARATOR }] : [];
      }
      case "response.output_item.done": {
        const done = this.#read(itemDoneEventSchema, raw, "an output_item.done event has no item");
        if (done.item.type !== "function_call") return [];
        const call = toolCallOf(done.item, done.output_index ?? 0, this.#where);
        return [{ type: "tool_call", call }];
      }
      case "response.completed":
      case "response.incomplete": {
        const { response } = this.#read(
          responseEventSchema,
          raw,
          `a ${event.type} event has no response`,
        );
        this.#final = fromResponse(response, this.#where);
        return [];
      }
      case "response.failed": {
        // A failure is reported as what its code says, even when the event is malformed.
        const failed = failedEventSchema.safeParse(raw);
        throw reportedFailure(
          failed.data?.response?.error?.code,
          this.#where,
          "the response failed",
        );
      }
      case "error": {
        const error = responsesErrorSchema.safeParse(raw);
        throw reportedFailure(
          error.data?.code,
          this.#where,
          "the server reported an error mid-stream",
        );
      }
      default:
        // Lifecycle and bookkeeping events (created, in_progress, part added…) carry nothing new.
        return [];
    }
  }

  /** The whole response, once the stream has ended; a stream that ended early is a wire fault. */
  finish(): LlmResponse {
    if (this.#final === undefined)
      throw wireFault(this.#where, "the stream ended before the response completed");
    return this.#final;
  }

  #read<TSchema extends z.ZodType>(
    schema: TSchema,
    raw: unknown,
    detail: string,
  ): z.infer<TSchema> {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw wireFault(this.#where, detail, parsed.error);
    return parsed.data;
  }
}
