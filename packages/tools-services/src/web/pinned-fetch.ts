import type { ConnectionOptions } from "node:tls";
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import type { FetchFunction } from "../http/fetch-function.js";
import { pinnedLookup, type CheckedHost } from "./pinned-lookup.js";

/** One hop's pinned connection. */
export interface PinnedFetchOptions {
  /** The host the guard checked and the addresses it saw: the only ones the connection may reach. */
  readonly checked: CheckedHost;
  /** Trust anchors for TLS in place of the system's (tests use a self-signed certificate). */
  readonly ca?: ConnectionOptions["ca"];
}

/**
 * Runs `operation` with a `fetch` whose connections go only to `checked.addresses`: undici's
 * own `fetch` over an `Agent` whose sockets resolve names with {@link pinnedLookup}. Only the
 * address is pinned: the URL keeps the name, so the `Host` header, TLS SNI and the
 * certificate check all still use it, and HTTPS is verified exactly as without pinning.
 *
 * The agent lives for the operation only and is destroyed when it settles (the operation
 * reads or discards every body first), so no socket outlives the hop and none is reused
 * for an address that was not checked for it. Undici's own `fetch` is used, not the global
 * one: Node's bundled `fetch` does not accept a dispatcher from another undici major.
 *
 * @internal
 */
export async function withPinnedFetch<T>(
  options: PinnedFetchOptions,
  operation: (fetch: FetchFunction) => Promise<T>,
): Promise<T> {
  const ca = options.ca === undefined ? {} : { ca: options.ca };
  const agent = new Agent({ connect: { ...ca, lookup: pinnedLookup(options.checked) } });
  const fetch: FetchFunction = (input, init) =>
    // The two RequestInit types describe the same WHATWG fields; undici's adds `dispatcher`.
    undiciFetch(input, {
      ...(init as UndiciRequestInit),
      dispatcher: agent,
    }) as unknown as Promise<Response>;
  try {
    return await operation(fetch);
  } finally {
    // Destroy, not close: a request still hanging after an abort must not hold the hop open.
    await agent.destroy().catch(() => undefined);
  }
}
