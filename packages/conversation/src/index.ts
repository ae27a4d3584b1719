/**
 * @nucleo/conversation — conversations and the seam to models: the objective map, preamble and
 * turns; rendering; the LlmClient contract; the LLMCall job; response correction; compaction.
 *
 * @packageDocumentation
 */
export {
  Parts,
  NON_TEXT_TOKENS,
  type Part,
  type TextPart,
  type ImagePart,
  type FilePart,
  type ThinkingPart,
  type ToolCallPart,
  type ToolResultPart,
} from "./model/parts.js";
export type { Turn } from "./model/turn.js";
export type { SeatWords } from "./model/seat-words.js";
export { Conversation, TASK_SLOT, type ConversationSnapshot } from "./model/conversation.js";
export { parseConversationSnapshot } from "./model/conversation-snapshot-schema.js";
export { toolDefinition, type ToolDefinition, type JsonSchema } from "./model/tool-definition.js";
export type {
  LlmClient,
  LlmRequest,
  LlmBinding,
  LlmResponse,
  LlmDelta,
  StopReason,
} from "./client/llm-client.js";
export { collectStream } from "./client/collect-stream.js";
export { withTextTools, readTextToolCalls } from "./client/text-tools-client.js";
export { renderRequest } from "./render/render-request.js";
export { SCHEMA_NOTATION_LEGEND, describeInNotation } from "./render/schema-notation.js";
export { TOOL_WEIGHT_GUIDANCE, JSON_ANSWER_INSTRUCTION } from "./render/guidance.js";
export { responseContract, type ResponseContract } from "./correction/response-contract.js";
export { ResponseCorrection, type CheckedAnswer } from "./correction/response-correction.js";
export { LlmEnvironment, type ProviderClients } from "./call/llm-environment.js";
export { LLMCall, type LlmCallOutput, type LlmCallOptions } from "./call/llm-call.js";
export {
  ModelExchange,
  type ModelExchangeOptions,
  type ExchangeResult,
} from "./call/model-exchange.js";
export type { Summarizer, SummarizeOptions, SubmitChild } from "./compaction/summarizer.js";
export {
  compactIfNeeded,
  type CompactionOptions,
  type CompactionResult,
} from "./compaction/compact.js";
export { ConversationService, type ObtainOptions } from "./service/conversation-service.js";
export { InMemoryConversationStore, type ConversationStore } from "./service/conversation-store.js";
