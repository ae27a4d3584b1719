import type { FetchFunction } from "../http/fetch-function.js";
import type { HostLookup } from "./host-lookup.js";

/**
 * How a deployment configures {@link WebFetchTool}. Every field is optional; the defaults keep
 * the tool on the public internet with bounded redirects, size and time.
 */
export interface WebFetchToolOptions {
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: FetchFunction;
  /** Resolves host names to all their addresses. Default: `node:dns/promises` `lookup`. */
  readonly lookup?: HostLookup;
  /** Fetch private, loopback, link-local and unique-local addresses too. Default `false`. */
  readonly allowPrivateNetworks?: boolean;
  /** Hosts fetched whatever they resolve to, e.g. an intranet wiki. Default none. */
  readonly allowedHosts?: readonly string[];
  /** Redirects followed before giving up. Default 5. */
  readonly maxRedirects?: number;
  /** The largest page read, in bytes (after decompression). Default 2 MB. */
  readonly maxBytes?: number;
  /** The whole call, every redirect and the body included, in milliseconds. Default 20 s. */
  readonly timeoutMs?: number;
  /** Sent as `User-Agent`. */
  readonly userAgent?: string;
  /** Epoch milliseconds, for `Retry-After` dates. Default `Date.now`. */
  readonly now?: () => number;
}

/** @internal The defaults of {@link WebFetchToolOptions}. */
export const WEB_FETCH_DEFAULTS = {
  maxRedirects: 5,
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 20_000,
  userAgent: "nucleo-web-fetch/0.1",
} as const;
