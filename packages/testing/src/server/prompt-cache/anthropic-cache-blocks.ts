import { type CacheablePrompt, type PromptBlock, withoutCacheControl } from "./cacheable-prompt.js";

/** At most this many `cache_control` breakpoints in one request, the request-level one included. */
export const MAX_BREAKPOINTS = 4;

/** A block of a Messages request with where it sits, for the API's field paths. */
interface MarkedBlock {
  readonly path: string;
  readonly context: string;
  readonly content: unknown;
  readonly marker: unknown;
}

/**
 * A Messages request as Anthropic's cache reads it: tools, then system blocks, then every
 * message's content blocks (a string content is one text block), each breakpoint where a
 * block carries `cache_control`, and the request-level `cache_control` on the last block.
 */
export function anthropicCacheablePrompt(body: Record<string, unknown>): CacheablePrompt {
  const marked = markedBlocksOf(body);
  // The request-level marker lands on the last block that may carry one: not a thinking block,
  // not an empty text block.
  const lastCacheable = marked.findLastIndex((block) => mayCarryMarker(block.content));
  const blocks: PromptBlock[] = marked.map((block, index) => {
    const marker = block.marker ?? (index === lastCacheable ? body.cache_control : undefined);
    const lifetime = lifetimeOf(marker);
    const { context, content } = block;
    return lifetime === undefined
      ? { context, content }
      : { context, content, breakpoint: lifetime };
  });
  return { caching: "breakpoints", blocks };
}

/**
 * The Messages rules for cache markers, worded as the API words them: each `cache_control` is
 * `{ type: "ephemeral", ttl?: "5m" | "1h" }`, at most four in a request (the request-level one
 * counts), and no one-hour breakpoint after a five-minute one in the order tools, system,
 * messages.
 */
export function anthropicCacheRefusal(body: Record<string, unknown>): string | null {
  const marked = markedBlocksOf(body).filter(
    (block) => block.marker !== undefined && block.marker !== null,
  );
  const onThinking = marked.find((block) => isThinking(block.content));
  if (onThinking !== undefined)
    return `${onThinking.path}.${(onThinking.content as { type: string }).type}.cache_control: Extra inputs are not permitted`;
  const markers = marked.map((block) => ({
    path: `${block.path}.cache_control`,
    marker: block.marker,
  }));
  if (body.cache_control !== undefined && body.cache_control !== null)
    markers.push({ path: "cache_control", marker: body.cache_control });
  for (const { path, marker } of markers) {
    const shape = markerRefusal(path, marker);
    if (shape !== null) return shape;
  }
  if (markers.length > MAX_BREAKPOINTS)
    return `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${markers.length}.`;
  let fiveMinutesSeen = false;
  for (const { path, marker } of markers) {
    const lifetime = lifetimeOf(marker);
    if (lifetime === "1h" && fiveMinutesSeen)
      return `${path}.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: \`tools\`, \`system\`, \`messages\`.`;
    fiveMinutesSeen ||= lifetime === "5m";
  }
  return null;
}

/** Thinking blocks take no `cache_control` (the SDK's thinking block params have no such field). */
function isThinking(block: unknown): boolean {
  const type = (block as { type?: unknown } | null)?.type;
  return type === "thinking" || type === "redacted_thinking";
}

function mayCarryMarker(block: unknown): boolean {
  if (isThinking(block)) return false;
  const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
  return !(type === "text" && text === "");
}

function markerRefusal(path: string, marker: unknown): string | null {
  if (typeof marker !== "object" || Array.isArray(marker))
    return `${path}: Input should be a valid dictionary or object to extract fields from`;
  const { type, ttl } = marker as Record<string, unknown>;
  if (type !== "ephemeral") return `${path}.type: Input should be 'ephemeral'`;
  if (ttl !== undefined && ttl !== "5m" && ttl !== "1h")
    return `${path}.ttl: Input should be '5m' or '1h'`;
  return null;
}

function lifetimeOf(marker: unknown): "5m" | "1h" | undefined {
  if (typeof marker !== "object" || marker === null) return undefined;
  return (marker as { ttl?: unknown }).ttl === "1h" ? "1h" : "5m";
}

function markedBlocksOf(body: Record<string, unknown>): MarkedBlock[] {
  const blocks: MarkedBlock[] = [];
  const add = (path: string, context: string, block: unknown) =>
    blocks.push({
      path,
      context,
      content: withoutCacheControl(block),
      marker: (block as { cache_control?: unknown } | null)?.cache_control,
    });
  for (const [index, tool] of arrayOf(body.tools).entries()) add(`tools.${index}`, "tools", tool);
  const system = typeof body.system === "string" ? [textBlock(body.system)] : arrayOf(body.system);
  for (const [index, block] of system.entries()) add(`system.${index}`, "system", block);
  for (const [index, message] of arrayOf(body.messages).entries()) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    const parts = typeof content === "string" ? [textBlock(content)] : arrayOf(content);
    // A block's role is part of where it sits; so is the start of its message.
    for (const [position, block] of parts.entries())
      add(`messages.${index}.content.${position}`, `${String(role)}:${position}`, block);
  }
  return blocks;
}

function textBlock(text: string): Record<string, unknown> {
  return { type: "text", text };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
