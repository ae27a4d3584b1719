import type { LlmDelta, LlmResponse, ToolCallPart } from "@nucleo/conversation";
import { assembleResponse, wireFault, type WireStep } from "../response/to-llm-response.js";
import { toToolCallPart } from "../response/to-tool-call-part.js";
import { wireChunkSchema, type WireUsage } from "../response/wire-schemas.js";

interface PendingCall {
  id: string | undefined;
  name: string | undefined;
  argumentsText: string;
}

/**
 * Builds a streamed answer chunk by chunk: text deltas as they arrive, each tool call once it
 * is complete (its argument fragments arrive by `index`, and a call is complete when a later
 * index starts or the choice finishes), and at the end the same response `send` returns.
 *
 * @internal
 */
export class StreamAssembler {
  readonly #where: WireStep;
  #model = "";
  #content = "";
  #refusal = "";
  #finishReason: string | undefined;
  #usage: WireUsage | undefined;
  readonly #pending = new Map<number, PendingCall>();
  readonly #done: ToolCallPart[] = [];

  constructor(where: WireStep) {
    this.#where = where;
  }

  /** Reads one chunk; returns what it completes. */
  push(raw: unknown): LlmDelta[] {
    const parsed = wireChunkSchema.safeParse(raw);
    if (!parsed.success)
      throw wireFault(this.#where, "a stream chunk is not a chat completion chunk", parsed.error);
    const chunk = parsed.data;
    if (chunk.model) this.#model = chunk.model;
    if (chunk.usage) this.#usage = chunk.usage;
    const deltas: LlmDelta[] = [];
    // This client never asks for several choices; a server that sends more is read for the first.
    const choice = chunk.choices?.[0];
    if (choice === undefined) return deltas;
    const content = choice.delta?.content ?? "";
    const refusal = choice.delta?.refusal ?? "";
    this.#content += content;
    this.#refusal += refusal;
    // A refusal's text is streamed like content: `send` returns it as the content too.
    if (content + refusal !== "") deltas.push({ type: "text", text: content + refusal });
    for (const fragment of choice.delta?.tool_calls ?? []) {
      deltas.push(...this.#completeBefore(fragment.index));
      const call = this.#pending.get(fragment.index) ?? {
        id: undefined,
        name: undefined,
        argumentsText: "",
      };
      call.id ??= fragment.id ?? undefined;
      call.name ??= fragment.function?.name ?? undefined;
      call.argumentsText += fragment.function?.arguments ?? "";
      this.#pending.set(fragment.index, call);
    }
    if (choice.finish_reason) {
      this.#finishReason = choice.finish_reason;
      deltas.push(...this.#completeBefore(Number.POSITIVE_INFINITY));
    }
    return deltas;
  }

  /** The whole response, once the stream has ended; a stream that ended early is a wire fault. */
  finish(): LlmResponse {
    if (this.#finishReason === undefined)
      throw wireFault(this.#where, "the stream ended before the answer finished");
    if (this.#usage === undefined)
      throw wireFault(this.#where, "the stream ended without reporting usage");
    return assembleResponse(
      {
        model: this.#model,
        content: this.#content,
        refusal: this.#refusal === "" ? undefined : this.#refusal,
        toolCalls: this.#done,
        finishReason: this.#finishReason,
        usage: this.#usage,
      },
      this.#where,
    );
  }

  #completeBefore(index: number): LlmDelta[] {
    const deltas: LlmDelta[] = [];
    for (const [at, call] of [...this.#pending].sort(([a], [b]) => a - b)) {
      if (at >= index) break;
      this.#pending.delete(at);
      if (call.name === undefined) throw wireFault(this.#where, "a streamed tool call has no name");
      // Servers that send no call id get one minted from the call's place, unique within the answer.
      const part = toToolCallPart(
        call.id ?? `call_${this.#done.length}`,
        call.name,
        call.argumentsText,
      );
      this.#done.push(part);
      deltas.push({ type: "tool_call", call: part });
    }
    return deltas;
  }
}
