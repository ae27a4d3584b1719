import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmRequest } from "@nucleo/conversation";
import type { RequestSettings } from "./request-settings.js";

/** The prompt-caching fields both OpenAI APIs take, under the same names. @internal */
export interface PromptCacheFields {
  prompt_cache_key?: string;
  prompt_cache_retention?: "in_memory" | "24h";
}

/**
 * The prompt-caching fields for one call. OpenAI caches long prompts by itself; what a call
 * adds is how long the cache may keep them, and a routing key, so that the turns of one
 * conversation land on the machine whose cache the last turn filled.
 *
 * - Only `openai` entries get them: OpenAI-compatible servers do not know the fields, and the
 *   strict ones refuse a request carrying a field they do not know.
 * - The retention is always said, never left to OpenAI's default: without it, organisations
 *   without zero data retention get `24h` on models that take both. So the `5m` lifetime
 *   sends `in_memory`, `24h` sends `24h`. Models that take only `24h` (gpt-5.5 and later)
 *   refuse `in_memory`: their entries must say lifetime `24h`.
 * - An entry whose `promptCache` is `"off"`, or the deployment's switch off, sends
 *   `in_memory` — the least OpenAI allows, since its in-memory cache cannot be turned off —
 *   and no key.
 *
 * @internal
 */
export function promptCacheFields(
  request: Pick<LlmRequest, "cacheKey">,
  entry: Pick<CatalogEntry, "provider" | "promptCache">,
  settings: RequestSettings,
): PromptCacheFields {
  if (entry.provider !== "openai") return {};
  if (!settings.promptCache || entry.promptCache === "off")
    return { prompt_cache_retention: "in_memory" };
  return {
    ...(request.cacheKey === undefined ? {} : { prompt_cache_key: request.cacheKey }),
    prompt_cache_retention: entry.promptCache.lifetime === "24h" ? "24h" : "in_memory",
  };
}
