/**
 * @nucleo/provider-anthropic — Nucleo's `LlmClient` over Anthropic's Messages API, through the
 * official `@anthropic-ai/sdk`: native tools, thinking blocks, prompt-cache usage, streaming,
 * and provider failures mapped onto Nucleo's outcomes.
 *
 * @packageDocumentation
 */
export {
  AnthropicClient,
  ANTHROPIC_API_KEY_VARIABLE,
  type AnthropicClientOptions,
} from "./anthropic-client.js";
export { thinkingActive, MIN_THINKING_BUDGET } from "./thinking/thinking-active.js";
