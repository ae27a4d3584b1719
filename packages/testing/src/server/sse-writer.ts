import type { ServerResponse } from "node:http";
import type { SseEvent } from "./wire-format.js";

/** Renders one event as SSE text: an `event:` line when named, one `data:` line, a blank line. */
export function formatSse(event: SseEvent): string {
  const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
  return `${event.event === undefined ? "" : `event: ${event.event}\n`}data: ${data}\n\n`;
}

/** Starts an SSE response: status 200 and the headers both providers send. */
export function startSse(response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  response.flushHeaders();
}

/**
 * Writes events and ends the response; with `cutAfter`, writes only that many and then destroys
 * the socket once they have left, as a connection dropped mid-answer would. Stops early when the
 * client went away.
 */
export async function writeSse(
  response: ServerResponse,
  events: readonly SseEvent[],
  cutAfter?: number,
): Promise<void> {
  const count = cutAfter === undefined ? events.length : Math.min(cutAfter, events.length);
  for (const event of events.slice(0, count)) {
    if (response.destroyed) return;
    response.write(formatSse(event));
  }
  if (cutAfter === undefined) {
    response.end();
    return;
  }
  // Destroying at once would discard what is still buffered; the client must see the partial answer.
  await new Promise<void>((resolve) => response.write("", () => resolve()));
  response.socket?.destroy();
  response.destroy();
}
