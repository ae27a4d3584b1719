import type { ApiToolOptions } from "../http/service-tool-options.js";

/**
 * How a deployment configures {@link EPOClaimsTool}: the OPS consumer key and secret (from
 * its configuration, never from a model) and optional limits. The key, the secret and the
 * access token never appear in an error, an event or a log. Defaults: `baseUrl`
 * `https://ops.epo.org`, `maxAnswerBytes` 5 MB, `timeoutMs` 20 s for each request (token, claims).
 */
export interface EPOClaimsToolOptions extends ApiToolOptions {
  /** The OPS consumer key. */
  readonly consumerKey: string;
  /** The OPS consumer secret. */
  readonly consumerSecret: string;
}

/** @internal The defaults of {@link EPOClaimsToolOptions}. */
export const EPO_DEFAULTS = {
  baseUrl: "https://ops.epo.org",
  maxAnswerBytes: 5 * 1024 * 1024,
} as const;

/** @internal The service name every EPO outcome carries. */
export const EPO_OPS = "epo-ops";
/** @internal The OAuth step. */
export const AUTH_STEP = "authenticate";
/** @internal The claims step. */
export const CLAIMS_STEP = "fetch claims";
