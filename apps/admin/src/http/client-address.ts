/**
 * The client's address as the socket saw it (the node server puts the request's `incoming` on
 * the app's env); `unknown` where there is none (an in-process request). Forwarded headers are
 * not trusted: a client could name any address in them to escape the sign-in throttle.
 */
export function clientAddress(_request: Request, env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}
