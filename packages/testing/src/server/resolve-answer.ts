import type { MockReply } from "./mock-types.js";
import type { ResolvedAnswer, ResolvedUsage, WireFormat } from "./wire-format.js";

type AnswerReply = Extract<MockReply, { kind: "answer" }>;

/** What filling in an answer's defaults needs to know. */
export interface AnswerContext {
  readonly wire: WireFormat;
  readonly body: Record<string, unknown>;
  readonly model: string;
  readonly now: number;
  readonly countTokens: (text: string) => number;
  /** Mints the next sequence number (message and tool call ids). */
  readonly nextSequence: () => number;
}

/**
 * Fills in an answer's defaults: minted ids and signatures, the stop reason its tool calls
 * imply, and usage counted from the request and the answer where the script left it out.
 */
export function resolveAnswer(
  reply: AnswerReply,
  context: AnswerContext,
  withUsage = true,
): ResolvedAnswer {
  const text = reply.text ?? "";
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({
    id: call.id ?? context.wire.toolCallId(context.nextSequence()),
    name: call.name,
    arguments: call.arguments,
  }));
  const thinking = (reply.thinking ?? []).map((block, index) => ({
    text: block.text,
    signature:
      block.signature ??
      Buffer.from(`mock-signature-${context.nextSequence()}-${index}`).toString("base64"),
  }));
  const output = text + toolCalls.map((call) => JSON.stringify(call.arguments)).join("");
  return {
    sequence: context.nextSequence(),
    model: context.model,
    createdMs: context.now,
    text,
    toolCalls,
    thinking,
    usage: withUsage ? resolveUsage(reply, context, output) : null,
    stopReason: reply.stopReason ?? (toolCalls.length > 0 ? "tool_calls" : "end"),
  };
}

function resolveUsage(reply: AnswerReply, context: AnswerContext, output: string): ResolvedUsage {
  const given = reply.usage ?? {};
  const cachedInputTokens = given.cachedInputTokens ?? 0;
  const cacheWriteTokens = given.cacheWriteTokens ?? 0;
  const prompt = context.countTokens(JSON.stringify(promptOf(context.body)));
  const thinkingText = (reply.thinking ?? []).map((block) => block.text).join("");
  return {
    inputTokens: given.inputTokens ?? Math.max(0, prompt - cachedInputTokens - cacheWriteTokens),
    cachedInputTokens,
    cacheWriteTokens,
    outputTokens: given.outputTokens ?? context.countTokens(output),
    reasoningTokens:
      given.reasoningTokens ?? (thinkingText === "" ? 0 : context.countTokens(thinkingText)),
  };
}

/** The parts of a request body that make up its prompt, as default usage counts them. */
export function promptOf(body: Record<string, unknown>): unknown[] {
  return [body.system ?? null, body.messages ?? [], body.tools ?? []];
}

/** Every token a usage reports, as a provider's tokens-per-minute limit counts them. */
export function totalTokens(usage: ResolvedUsage): number {
  return (
    usage.inputTokens +
    usage.cachedInputTokens +
    usage.cacheWriteTokens +
    usage.outputTokens +
    usage.reasoningTokens
  );
}
