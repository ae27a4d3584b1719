/**
 * @nucleo/testing — test doubles for Nucleo: a mock provider server speaking the OpenAI (Chat
 * Completions and Responses) and Anthropic wire formats over real HTTP, with prompt caching
 * as the providers document it, a scripted `LlmClient`, accelerated time, and
 * fixtures (a catalog entry, a binding, a request) and conformance cases for shared admission
 * budget stores.
 *
 * @packageDocumentation
 */
export { MockProviderServer } from "./server/mock-provider-server.js";
export type {
  MockPromptCacheOptions,
  MockReply,
  MockRequest,
  MockServerCounts,
  MockServerOptions,
  MockServerLimits,
  MockToolCall,
  MockUsage,
  MockWire,
} from "./server/mock-types.js";
export { acceleratedTime, type AcceleratedTime } from "./time/accelerated-time.js";
export {
  ScriptedLlmClient,
  type ScriptedCall,
  type ScriptedLlmClientOptions,
} from "./scripted/scripted-llm-client.js";
export type {
  ScriptedAnswer,
  ScriptedCallInfo,
  ScriptedToolCall,
  ScriptedTurn,
} from "./scripted/scripted-turn.js";
export { testEntry, testBinding } from "./fixtures/test-entry.js";
export { testRequest } from "./fixtures/test-request.js";
export {
  testRuntime,
  TEST_RUNTIME_ENTRIES,
  type TestRuntime,
  type TestRuntimeOptions,
} from "./runtime/test-runtime.js";
export { drainStream } from "./scripted/drain-stream.js";
export {
  sharedBudgetStoreCases,
  type SharedBudgetStoreCase,
} from "./budgets/shared-budget-store-cases.js";
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "./otlp/otlp-receiver.js";
