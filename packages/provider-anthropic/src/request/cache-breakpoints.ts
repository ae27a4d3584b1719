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
 * `undefined`). Up to three breakpoints, of the API's four:
 *
 * - the **system text and tools**: on the last system block, or on the last tool when there is
 *   no system text. The API caches the prefix in the order tools, system, messages, so one
 *   marker there covers both. This prefix outlives the conversation: it is still read after
 *   the turns are compacted or edited, and after a change of thinking settings (which
 *   invalidates only the cached messages).
 * - the **conversation**: on the last block of the newest message that may carry a marker,
 *   walking back past thinking blocks (which cannot carry one) and empty text. The next turn
 *   of a loop re-sends this prefix and reads it.
 * - the **previous call's conversation breakpoint**: the block the call before this one marked
 *   as its newest — the last block that may carry a marker, at or before the last user message
 *   ahead of the final assistant message (in a tool loop, the previous tool results). A read
 *   looks back at most 20 blocks from a breakpoint for a cached prefix, and one turn can add
 *   more (thinking, text, nine parallel tool calls and their results already pass 20): the
 *   newest breakpoint alone would then miss what the previous call wrote and write it again at
 *   the write premium. A breakpoint on that very block always reads it. Left out when there is
 *   no earlier assistant message, or when it is the newest breakpoint's block.
 *
 * Per-block breakpoints rather than the request-level `cache_control`: the request-level
 * marker only places the conversation breakpoint (on the last cacheable block, by the API's
 * own rule), so the system-and-tools breakpoint, the one that survives conversation edits,
 * needs a block marker anyway; marking all on blocks keeps one mechanism, says exactly which
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

/** Where a block sits in the messages: its message's index and its index in that message. */
interface BlockPosition {
  readonly message: number;
  readonly block: number;
}

/** The messages with the newest cacheable block and the previous call's one (when apart) marked. */
function markConversation(
  messages: readonly MessageParam[],
  control: CacheControlEphemeral,
): MessageParam[] {
  const result = [...messages];
  const newest = lastCacheableBlock(messages, messages.length);
  if (newest === undefined) return result;
  const previous = previousCallBreakpoint(messages);
  const positions =
    previous === undefined ||
    (previous.message === newest.message && previous.block === newest.block)
      ? [newest]
      : [previous, newest];
  for (const { message: index, block: position } of positions) {
    const content = blocksOf(result[index]!);
    content[position] = { ...(content[position] as CacheableBlock), cache_control: control };
    result[index] = { ...result[index]!, content } as MessageParam;
  }
  return result;
}

/**
 * The block the previous call of a loop marked as its conversation breakpoint: that call ended
 * with the last user message before the final assistant message (the reply it got), so it
 * marked the last cacheable block at or before that message. `undefined` before any reply.
 */
function previousCallBreakpoint(messages: readonly MessageParam[]): BlockPosition | undefined {
  const finalAssistant = messages.findLastIndex((message) => message.role === "assistant");
  if (finalAssistant < 0) return undefined;
  const previousNewest = messages
    .slice(0, finalAssistant)
    .findLastIndex((message) => message.role === "user");
  if (previousNewest < 0) return undefined;
  return lastCacheableBlock(messages, previousNewest + 1);
}

/** The last block that may carry a marker among `messages[0, end)`, newest message first. */
function lastCacheableBlock(
  messages: readonly MessageParam[],
  end: number,
): BlockPosition | undefined {
  for (let index = end - 1; index >= 0; index--) {
    const block = blocksOf(messages[index]!).findLastIndex(mayCarryMarker);
    if (block >= 0) return { message: index, block };
  }
  return undefined;
}

/** A copy of `message`'s blocks; a bare string is one text block, a blank one none. */
function blocksOf(message: MessageParam): ContentBlockParam[] {
  if (typeof message.content !== "string") return [...message.content];
  return message.content.trim() === "" ? [] : [{ type: "text", text: message.content }];
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
