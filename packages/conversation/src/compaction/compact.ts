import type { CatalogEntry, TokenCounters } from "@nucleo/catalog";
import type { Conversation } from "../model/conversation.js";
import type { Turn } from "../model/turn.js";
import { renderRequest } from "../render/render-request.js";
import type { SubmitChild, Summarizer } from "./summarizer.js";

/** How compaction is done. */
export interface CompactionOptions {
  readonly summarizer: Summarizer;
  readonly tokens: TokenCounters;
  /** The entry the conversation will be sent to (its tokenizer counts). */
  readonly entry: CatalogEntry;
  /** The share of the comfort window the recent turns kept whole may take. Default 0.3. */
  readonly keepRecentShare?: number;
  readonly signal?: AbortSignal;
  /** Where the summary job is submitted (the compacting job's door). */
  readonly submit?: SubmitChild;
  /** The compacting seat's pin, passed to the summarizer. */
  readonly pin?: string;
}

/** What compaction did. */
export interface CompactionResult {
  readonly compacted: boolean;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** How many turns the summary replaced. */
  readonly summarizedTurns: number;
}

/**
 * Compacts a conversation that has passed its comfort window times its trigger: the older
 * turns are replaced by a summary, while the objective, the preamble and the most recent turns
 * stay whole. The kept turns start at an assistant turn, so no tool result is ever separated
 * from the call it answers. Does nothing below the trigger.
 */
export async function compactIfNeeded(
  conversation: Conversation,
  options: CompactionOptions,
): Promise<CompactionResult> {
  const count = (): number =>
    options.tokens.countRequest(options.entry, renderRequest(conversation, options.entry));
  const tokensBefore = count();
  const threshold = conversation.comfortContextTokens * conversation.compactionTrigger;
  if (tokensBefore <= threshold)
    return { compacted: false, tokensBefore, tokensAfter: tokensBefore, summarizedTurns: 0 };
  const keepFrom = keepBoundary(
    conversation.turns(),
    options,
    conversation.comfortContextTokens * (options.keepRecentShare ?? 0.3),
  );
  if (keepFrom <= 0)
    return { compacted: false, tokensBefore, tokensAfter: tokensBefore, summarizedTurns: 0 };
  const summary = await options.summarizer.summarize(conversation.turns().slice(0, keepFrom), {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.submit ? { submit: options.submit } : {}),
    ...(options.pin === undefined ? {} : { pin: options.pin }),
  });
  conversation.compactBefore(keepFrom, `Summary of the earlier conversation:\n${summary}`);
  return { compacted: true, tokensBefore, tokensAfter: count(), summarizedTurns: keepFrom };
}

/** The first turn to keep: as many recent turns as fit the budget, starting at an assistant turn. */
function keepBoundary(turns: readonly Turn[], options: CompactionOptions, budget: number): number {
  const counter = options.tokens.requestCounterFor(options.entry);
  let kept = 0;
  let boundary = turns.length;
  for (let index = turns.length - 1; index > 0; index--) {
    kept += counter.count({ messages: [turns[index]!] });
    if (kept > budget) break;
    if (turns[index]!.role === "assistant") boundary = index;
  }
  if (boundary === turns.length) {
    // Even the last exchange is over budget: keep from the last assistant turn regardless.
    for (let index = turns.length - 1; index > 0; index--)
      if (turns[index]!.role === "assistant") return index;
  }
  return boundary;
}
