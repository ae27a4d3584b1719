import type {
  CacheControlEphemeral,
  ContentBlockParam,
  MessageParam,
  RedactedThinkingBlockParam,
  ThinkingBlockParam,
  ToolUnion,
} from "@anthropic-ai/sdk/resources/messages";
import type { CatalogEntry } from "@nucleo/catalog";
import { SystemError } from "@nucleo/core";
import type { MessageParams } from "./to-message-params.js";

/** A content block the API lets carry `cache_control`: every kind this client sends but thinking. */
type CacheableBlock = Exclude<ContentBlockParam, ThinkingBlockParam | RedactedThinkingBlockParam>;

/**
 * The cache marker a call on `entry` carries, or `undefined` when it asks for no caching: the
 * entry's `promptCache` is `off`, or the deployment switched caching off (`clientPromptCache`
 * false — some compliance envelopes forbid a provider-side cache). A five-minute lifetime is
 * the API's default and goes without `ttl`; an hour is asked for with `ttl: "1h"`.
 *
 * @throws {SystemError} when the entry asks for a lifetime Anthropic does not offer (`24h`,
 *   OpenAI's): the catalog refuses such an entry, so only a hand-built one gets here.
 * @internal
 */
export function cacheControlFor(
  entry: CatalogEntry,
  clientPromptCache: boolean,
): CacheControlEphemeral | undefined {
  if (!clientPromptCache || entry.promptCache === "off") return undefined;
  switch (entry.promptCache.lifetime) {
    case "5m":
      return { type: "ephemeral" };
    case "1h":
      return { type: "ephemeral", ttl: "1h" };
    default:
      throw new SystemError({
        code: "internal",
        message: `Catalog entry "${entry.id}" asks Anthropic to cache for ${entry.promptCache.lifetime}; Anthropic keeps a cache for 5m or 1h. Load the entry through the catalog, which refuses it.`,
      });
  }
}

/**
 * `params` with the stable prefix marked for caching by `control` (unchanged when `control` is
 * `undefined`). Two breakpoints, of the API's four:
 *
 * - the **system text and tools**: on the last system block, or on the last tool when there is
 *   no system text. The API caches the prefix in the order tools, system, messages, so one
 *   marker there covers both. This prefix outlives the conversation: it is still read after
 *   the turns are compacted or edited, and after a change of thinking settings (which
 *   invalidates only the cached messages).
 * - the **conversation**: on the last block of the newest message that may carry a marker,
 *   walking back past thinking blocks (which cannot carry one) and empty text. The next turn
 *   of a loop re-sends this prefix and reads it.
 *
 * Per-block breakpoints rather than the request-level `cache_control`: the request-level
 * marker only places the conversation breakpoint (on the last cacheable block, by the API's
 * own rule), so the system-and-tools breakpoint, the one that survives conversation edits,
 * needs a block marker anyway; marking both on blocks keeps one mechanism, says exactly which
 * block carries each breakpoint, and is what proxies and older gateways already understand.
 *
 * @internal
 */
export function withCacheBreakpoints(
  params: MessageParams,
  control: CacheControlEphemeral | undefined,
): MessageParams {
  if (control === undefined) return params;
  const marked: MessageParams = { ...params, messages: markConversation(params.messages, control) };
  if (typeof params.system === "string" && params.system !== "") {
    marked.system = [{ type: "text", text: params.system, cache_control: control }];
  } else if (Array.isArray(params.system) && params.system.length > 0) {
    marked.system = params.system.map((block, index, all) =>
      index === all.length - 1 ? { ...block, cache_control: control } : block,
    );
  } else if (params.tools !== undefined && params.tools.length > 0) {
    marked.tools = params.tools.map((tool, index, all) =>
      index === all.length - 1 ? markTool(tool, control) : tool,
    );
  }
  return marked;
}

/** The messages with the last block that may carry a marker, newest message first, marked. */
function markConversation(
  messages: readonly MessageParam[],
  control: CacheControlEphemeral,
): MessageParam[] {
  const result = [...messages];
  for (let index = result.length - 1; index >= 0; index--) {
    const message = result[index]!;
    const content: ContentBlockParam[] =
      typeof message.content === "string"
        ? message.content.trim() === ""
          ? []
          : [{ type: "text", text: message.content }]
        : [...message.content];
    const position = content.findLastIndex(mayCarryMarker);
    if (position < 0) continue;
    content[position] = { ...(content[position] as CacheableBlock), cache_control: control };
    result[index] = { ...message, content } as MessageParam;
    return result;
  }
  return result;
}

/**
 * Whether the API takes `cache_control` on `block`: not on thinking or redacted thinking, and
 * not on empty text (which the API refuses outright).
 */
function mayCarryMarker(block: ContentBlockParam): block is CacheableBlock {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return block.type !== "text" || block.text.trim() !== "";
}

function markTool(tool: ToolUnion, control: CacheControlEphemeral): ToolUnion {
  return { ...tool, cache_control: control } as ToolUnion;
}
