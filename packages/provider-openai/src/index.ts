/**
 * @nucleo/provider-openai — Nucleo's LlmClient over the official `openai` SDK: Chat
 * Completions (for OpenAI and OpenAI-compatible servers) and OpenAI's Responses API, with
 * native tools, structured outputs, reasoning effort, reasoning carried between turns, prompt
 * caching and streaming.
 *
 * @packageDocumentation
 */
export { OpenAiClient, createOpenAiClient } from "./client/openai-client.js";
export type { OpenAiClientOptions } from "./client/openai-client-options.js";
