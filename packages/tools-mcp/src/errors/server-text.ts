const MAX_SERVER_TEXT = 300;

/**
 * A server's error text made fit to quote to the model: the SDK's `MCP error -32602: ` leads
 * (one per hop that re-wrapped it) removed, whitespace collapsed, cut to about 300 characters.
 */
export function serverText(text: string): string {
  const plain = text
    .replace(/^(?:MCP error -?\d+:\s*)+/, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length <= MAX_SERVER_TEXT ? plain : `${plain.slice(0, MAX_SERVER_TEXT - 1)}…`;
}
