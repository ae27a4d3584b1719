import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { EndlessToolListError } from "../errors/endless-tool-list-error.js";

// A server that never stops paging would otherwise keep a thinker waiting forever.
const MAX_PAGES = 100;

/** Every tool the server lists, following `nextCursor` page by page. */
export async function listAllTools(
  client: Client,
  options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
      timeout: options.timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor)) throw new EndlessToolListError("The server repeated a tool-list cursor.");
    seen.add(cursor);
  }
  throw new EndlessToolListError(`The server's tool list ran past ${MAX_PAGES} pages.`);
}
