/**
 * @nucleo/provider-anthropic — Nucleo's `LlmClient` over Anthropic's Messages API, through the
 * official `@anthropic-ai/sdk`: native tools, budget or adaptive thinking, prompt-cache
 * breakpoints and usage by cache lifetime, streaming, and provider failures mapped onto Nucleo's
 * outcomes.
 *
 * @packageDocumentation
 */
export {
  AnthropicClient,
  ANTHROPIC_API_KEY_VARIABLE,
  type AnthropicClientOptions,
} from "./anthropic-client.js";
export { thinkingActive, MIN_THINKING_BUDGET } from "./thinking/thinking-active.js";
