// Hand-written Messages API event streams, as the raw SSE text a server sends. Not exported from the package.

/** A stream event: its `type` is also its SSE event name, as the Messages API sends it. */
export type WireEvent = { readonly type: string } & Record<string, unknown>;

/**
 * The SSE body carrying `events` in order: an `event:` line named after each event's type, its
 * JSON on one `data:` line, and a blank line. Served through the mock server's `garbage` reply,
 * which writes any body verbatim as the stream, so shapes its scripted answers never produce
 * still travel over HTTP and through the SDK's own SSE parser.
 */
export function sseBody(events: readonly WireEvent[]): string {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join("");
}
