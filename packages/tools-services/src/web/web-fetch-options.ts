import type { FetchFunction } from "../http/fetch-function.js";
import { DEFAULT_TIMEOUT_MS, type ServiceToolOptions } from "../http/service-tool-options.js";
import type { HostLookup } from "./host-lookup.js";

/**
 * How a deployment configures {@link WebFetchTool}. Every field is optional; the defaults keep
 * the tool on the public internet with bounded redirects, size and time.
 */
export interface WebFetchToolOptions extends ServiceToolOptions {
  /**
   * The HTTP client. Default: the tool's own transport (undici), which connects each hop only
   * to the addresses `lookup` gave when the hop was checked, so a name that resolves
   * differently a moment later (DNS rebinding) cannot reach a private address. A `fetch`
   * given here resolves names itself when it connects; the tool cannot pin that, so the
   * guarantee becomes the deployment's (pin its connections, or route egress through a proxy
   * that enforces the same rule). Allowed hosts are then not resolved by the tool at all.
   */
  readonly fetch?: FetchFunction;
  /**
   * Resolves host names to all their addresses. With the default transport this is the only
   * resolution a hop gets: the check judges its answer and the connection uses it (allowed
   * hosts included). Default: `node:dns/promises` `lookup`.
   */
  readonly lookup?: HostLookup;
  /** Fetch private, loopback, link-local and unique-local addresses too. Default `false`. */
  readonly allowPrivateNetworks?: boolean;
  /** Hosts fetched whatever they resolve to, e.g. an intranet wiki. Default none. */
  readonly allowedHosts?: readonly string[];
  /** Redirects followed before giving up. Default 5. */
  readonly maxRedirects?: number;
  /** The largest page read, in bytes (after decompression). Default 2 MB. */
  readonly maxBytes?: number;
  /** Sent as `User-Agent`. */
  readonly userAgent?: string;
}

/** @internal The defaults of {@link WebFetchToolOptions}. */
export const WEB_FETCH_DEFAULTS = {
  maxRedirects: 5,
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  userAgent: "nucleo-web-fetch/0.1",
} as const;
