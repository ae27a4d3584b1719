import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmRequest } from "@nucleo/conversation";
import type { RequestSettings } from "./request-settings.js";

/** The prompt-caching fields both OpenAI APIs take, under the same names. @internal */
export interface PromptCacheFields {
  prompt_cache_key?: string;
  prompt_cache_retention?: "24h";
}

/**
 * The prompt-caching fields for one call. OpenAI caches long prompts by itself; what a call
 * can add is a routing key, so that the turns of one conversation land on the machine whose
 * cache the last turn filled, and the extended (24-hour) retention.
 *
 * - Only `openai` entries get them: OpenAI-compatible servers do not know the fields, and the
 *   strict ones refuse a request carrying a field they do not know.
 * - Nothing when the entry's `promptCache` is `"off"` or the deployment's switch is off.
 * - The 5-minute lifetime is OpenAI's in-memory default, so it sends no retention: only `24h`
 *   is asked for.
 *
 * @internal
 */
export function promptCacheFields(
  request: Pick<LlmRequest, "cacheKey">,
  entry: Pick<CatalogEntry, "provider" | "promptCache">,
  settings: RequestSettings,
): PromptCacheFields {
  if (!settings.promptCache || entry.provider !== "openai" || entry.promptCache === "off")
    return {};
  return {
    ...(request.cacheKey === undefined ? {} : { prompt_cache_key: request.cacheKey }),
    ...(entry.promptCache.lifetime === "24h" ? { prompt_cache_retention: "24h" as const } : {}),
  };
}
