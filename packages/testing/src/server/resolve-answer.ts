import type { MockReply } from "./mock-types.js";
import { type CacheOutcome, NO_CACHE } from "./prompt-cache/cache-outcome.js";
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
  /**
   * Puts the request's prompt (`promptTokens` in all) to the prompt cache; left out when the
   * server caches nothing.
   */
  readonly cachePrompt?: (promptTokens: number) => CacheOutcome;
}

/**
 * Fills in an answer's defaults: minted ids and signatures, the stop reason its tool calls
 * imply, and usage counted from the request and the answer where the script left it out —
 * the prompt's cache reads and writes from the prompt cache, which sees every answered
 * prompt, even one whose usage the script states or that goes without usage.
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
  const promptTokens = context.countTokens(JSON.stringify(context.wire.promptOf(context.body)));
  const cache = context.cachePrompt?.(promptTokens) ?? NO_CACHE;
  return {
    sequence: context.nextSequence(),
    model: context.model,
    createdMs: context.now,
    text,
    toolCalls,
    thinking,
    usage: withUsage ? resolveUsage(reply, context, output, { promptTokens, cache }) : null,
    stopReason: reply.stopReason ?? (toolCalls.length > 0 ? "tool_calls" : "end"),
  };
}

function resolveUsage(
  reply: AnswerReply,
  context: AnswerContext,
  output: string,
  prompt: { readonly promptTokens: number; readonly cache: CacheOutcome },
): ResolvedUsage {
  const given = reply.usage ?? {};
  // A script that states any of the prompt's usage states all of it; the cache is left out.
  const scripted =
    given.inputTokens !== undefined ||
    given.cachedInputTokens !== undefined ||
    given.cacheWriteTokens !== undefined ||
    given.cacheWrite1hTokens !== undefined;
  const cachedInputTokens = scripted ? (given.cachedInputTokens ?? 0) : prompt.cache.readTokens;
  const cacheWriteTokens = scripted ? (given.cacheWriteTokens ?? 0) : prompt.cache.writeTokens;
  const thinkingText = (reply.thinking ?? []).map((block) => block.text).join("");
  return {
    inputTokens:
      given.inputTokens ?? Math.max(0, prompt.promptTokens - cachedInputTokens - cacheWriteTokens),
    cachedInputTokens,
    cacheWriteTokens,
    cacheWrite1hTokens: scripted ? (given.cacheWrite1hTokens ?? 0) : prompt.cache.write1hTokens,
    outputTokens: given.outputTokens ?? context.countTokens(output),
    reasoningTokens:
      given.reasoningTokens ?? (thinkingText === "" ? 0 : context.countTokens(thinkingText)),
  };
}

/** The parts of a Chat Completions or Messages body that make up its prompt, as default usage counts them. */
export function messagesPromptOf(body: Record<string, unknown>): unknown[] {
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
