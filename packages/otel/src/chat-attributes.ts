import type { LlmCallEvent, TokenUsage } from "@nucleo/core";
import type { Attributes } from "@opentelemetry/api";
import { GEN_AI, NUCLEO } from "./attribute-names.js";
import { finishReasonOf } from "./finish-reason.js";
import type { GenAiContent } from "./gen-ai-content.js";
import type { AgentTotals } from "./open-jobs.js";

/** The span name of a model call: `chat {gen_ai.request.model}`, or `chat` when the model is unknown. */
export function chatSpanName(requestModel: unknown): string {
  return typeof requestModel === "string" && requestModel !== "" ? `chat ${requestModel}` : "chat";
}

/**
 * Usage in the conventions' terms: their input count includes cache reads and writes, their
 * output count includes reasoning; Nucleo's `TokenUsage` counts each apart (as it is priced).
 */
export function usageAttributes(usage: TokenUsage): Attributes {
  const cached = count(usage.cachedInputTokens);
  const written = count(usage.cacheWriteTokens);
  const reasoning = count(usage.reasoningTokens);
  const attributes: Attributes = {
    [GEN_AI.inputTokens]: count(usage.inputTokens) + cached + written,
    [GEN_AI.outputTokens]: count(usage.outputTokens) + reasoning,
  };
  if (usage.cachedInputTokens !== undefined) attributes[GEN_AI.cacheReadTokens] = cached;
  if (usage.cacheWriteTokens !== undefined) attributes[GEN_AI.cacheCreationTokens] = written;
  if (usage.reasoningTokens !== undefined) attributes[GEN_AI.reasoningTokens] = reasoning;
  return attributes;
}

/**
 * The attributes a `chat` span starts with: those the conventions name as a sampler's input.
 * The rest are set after the start ({@link chatAttributes}): the SDK checks attributes given at
 * the start twice, and a model call's are most of what a trace costs.
 */
export function chatStartAttributes(event: LlmCallEvent): Attributes {
  const attributes: Attributes = { [GEN_AI.operation]: "chat" };
  if (typeof event.provider === "string") attributes[GEN_AI.provider] = event.provider;
  if (typeof event.requestModel === "string") attributes[GEN_AI.requestModel] = event.requestModel;
  return attributes;
}

/** Every other attribute of a `chat` span but the content. */
export function chatAttributes(event: LlmCallEvent): Attributes {
  const attributes: Attributes = {};
  if (typeof event.providerModel === "string")
    attributes[GEN_AI.responseModel] = event.providerModel;
  if (typeof event.stopReason === "string")
    attributes[GEN_AI.finishReasons] = [finishReasonOf(event.stopReason)];
  if (typeof event.usage === "object" && event.usage !== null)
    Object.assign(attributes, usageAttributes(event.usage));
  attributes[NUCLEO.jobId] = event.jobId;
  if (typeof event.rootId === "string") attributes[NUCLEO.workflowId] = event.rootId;
  if (typeof event.entryId === "string") attributes[NUCLEO.entryId] = event.entryId;
  if (typeof event.grade === "string") attributes[NUCLEO.grade] = event.grade;
  if (typeof event.depth === "string") attributes[NUCLEO.depth] = event.depth;
  // Absent means the first attempt and no corrections: the common case costs no attribute.
  if (typeof event.attempt === "number" && event.attempt > 1)
    attributes[NUCLEO.attempt] = event.attempt;
  if (typeof event.corrections === "number" && event.corrections > 0)
    attributes[NUCLEO.corrections] = event.corrections;
  // Exact decimal text, never a float: a sum of floats would drift from the ledger.
  if (typeof event.cost === "string") attributes[NUCLEO.cost] = event.cost;
  if (typeof event.currency === "string") attributes[NUCLEO.currency] = event.currency;
  return attributes;
}

/** The opt-in content attributes of a `chat` span, when the event carries content. */
export function chatContentAttributes(event: LlmCallEvent, content: GenAiContent): Attributes {
  const said = event.content;
  if (typeof said !== "object" || said === null) return {};
  const attributes: Attributes = {
    [GEN_AI.inputMessages]: content.inputMessages(said),
    [GEN_AI.outputMessages]: content.outputMessages(said, String(event.stopReason)),
  };
  const system = content.systemInstructions(said);
  if (system !== undefined) attributes[GEN_AI.systemInstructions] = system;
  const tools = content.toolDefinitions(said);
  if (tools !== undefined) attributes[GEN_AI.toolDefinitions] = tools;
  return attributes;
}

/** Adds one call of an agent's own turns to its totals. */
export function addToTotals(totals: AgentTotals, event: LlmCallEvent): void {
  totals.calls += 1;
  if (totals.provider === undefined && typeof event.provider === "string")
    totals.provider = event.provider;
  if (totals.requestModel === undefined && typeof event.requestModel === "string")
    totals.requestModel = event.requestModel;
  const usage = typeof event.usage === "object" && event.usage !== null ? event.usage : undefined;
  if (usage === undefined) return;
  totals.inputTokens +=
    count(usage.inputTokens) + count(usage.cachedInputTokens) + count(usage.cacheWriteTokens);
  totals.outputTokens += count(usage.outputTokens) + count(usage.reasoningTokens);
  if (usage.cachedInputTokens !== undefined)
    totals.cacheReadTokens = (totals.cacheReadTokens ?? 0) + count(usage.cachedInputTokens);
  if (usage.cacheWriteTokens !== undefined)
    totals.cacheCreationTokens = (totals.cacheCreationTokens ?? 0) + count(usage.cacheWriteTokens);
  if (usage.reasoningTokens !== undefined)
    totals.reasoningTokens = (totals.reasoningTokens ?? 0) + count(usage.reasoningTokens);
}

/** An agent's totals as span attributes (none before its first call). */
export function totalsAttributes(totals: AgentTotals): Attributes {
  if (totals.calls === 0) return {};
  const attributes: Attributes = {
    [GEN_AI.inputTokens]: totals.inputTokens,
    [GEN_AI.outputTokens]: totals.outputTokens,
  };
  if (totals.provider !== undefined) attributes[GEN_AI.provider] = totals.provider;
  if (totals.requestModel !== undefined) attributes[GEN_AI.requestModel] = totals.requestModel;
  if (totals.cacheReadTokens !== undefined)
    attributes[GEN_AI.cacheReadTokens] = totals.cacheReadTokens;
  if (totals.cacheCreationTokens !== undefined)
    attributes[GEN_AI.cacheCreationTokens] = totals.cacheCreationTokens;
  if (totals.reasoningTokens !== undefined)
    attributes[GEN_AI.reasoningTokens] = totals.reasoningTokens;
  return attributes;
}

/** A token count as reported, or 0 for anything that is not a count. */
function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}
