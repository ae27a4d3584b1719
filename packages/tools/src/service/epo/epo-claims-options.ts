import type { FetchFunction } from "../http/fetch-function.js";

/**
 * How a deployment configures {@link EPOClaimsTool}: the OPS consumer key and secret (from
 * its configuration, never from a model) and optional limits. The key, the secret and the
 * access token never appear in an error, an event or a log.
 */
export interface EPOClaimsToolOptions {
  /** The OPS consumer key. */
  readonly consumerKey: string;
  /** The OPS consumer secret. */
  readonly consumerSecret: string;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: FetchFunction;
  /** The OPS origin. Default `https://ops.epo.org`. */
  readonly baseUrl?: string;
  /** The limit for each request (token, claims), body included, in milliseconds. Default 20 s. */
  readonly timeoutMs?: number;
  /** The largest answer read, in bytes. Default 5 MB. */
  readonly maxAnswerBytes?: number;
  /** Epoch milliseconds: token expiry and `Retry-After` dates. Default `Date.now`. */
  readonly now?: () => number;
}

/** @internal The defaults of {@link EPOClaimsToolOptions}. */
export const EPO_DEFAULTS = {
  baseUrl: "https://ops.epo.org",
  timeoutMs: 20_000,
  maxAnswerBytes: 5 * 1024 * 1024,
} as const;

/** @internal The service name every EPO outcome carries. */
export const EPO_OPS = "epo-ops";
/** @internal The OAuth step. */
export const AUTH_STEP = "authenticate";
/** @internal The claims step. */
export const CLAIMS_STEP = "fetch claims";
