/**
 * @nucleo/provider-openai — Nucleo's LlmClient over the official `openai` SDK: Chat
 * Completions with native tools, structured outputs, reasoning effort and streaming, for
 * OpenAI and for OpenAI-compatible servers.
 *
 * @packageDocumentation
 */
export { OpenAiClient, createOpenAiClient } from "./client/openai-client.js";
export type { OpenAiClientOptions } from "./client/openai-client-options.js";
