import { checkResponse } from "../http/check-response.js";
import { discardBody } from "../http/read-body.js";
import { readAnswerText } from "../http/read-answer-text.js";
import { sendRequest } from "../http/send-request.js";
import type { ResolvedApiOptions } from "../http/service-tool-options.js";
import { withTimeLimit } from "../http/time-limit.js";
import { CLAIMS_STEP, EPO_OPS } from "./epo-claims-options.js";

/** What the claims client needs. */
export type OpsClientOptions = ResolvedApiOptions;

/** A claims answer, or OPS refusing the bearer token (for the tool to renew it). */
export type ClaimsAnswer =
  | { readonly kind: "xml"; readonly text: string }
  | { readonly kind: "unauthorized" };

/**
 * GET `/3.2/rest-services/published-data/publication/epodoc/{number}/claims` with the bearer
 * token, under the job's signal and its own time limit. A 401 comes back as a result (the
 * tool renews the token once); 429 throws a throttle, other statuses an `HttpStatusError` for
 * `wrapWithContext` to classify.
 *
 * @internal
 */
export class OpsClient {
  readonly #options: OpsClientOptions;

  constructor(options: OpsClientOptions) {
    this.#options = options;
  }

  /** The claims XML of the epodoc publication `number` (already checked and normalised). */
  claims(number: string, token: string, signal: AbortSignal): Promise<ClaimsAnswer> {
    const { fetch, baseUrl, timeoutMs, maxAnswerBytes, now } = this.#options;
    return withTimeLimit(
      { signal, timeoutMs, service: EPO_OPS, step: CLAIMS_STEP },
      async (limited) => {
        const url = new URL(
          `/3.2/rest-services/published-data/publication/epodoc/${encodeURIComponent(number)}/claims`,
          baseUrl,
        );
        const response = await sendRequest(fetch, url, {
          method: "GET",
          // Never follow: a redirect would carry the bearer token to wherever it points.
          redirect: "error",
          signal: limited,
          headers: { authorization: `Bearer ${token}`, accept: "application/xml" },
        });
        if (response.status === 401) {
          await discardBody(response);
          return { kind: "unauthorized" };
        }
        await checkResponse(response, { service: EPO_OPS, now: now() });
        return {
          kind: "xml",
          text: await readAnswerText(response, {
            maxBytes: maxAnswerBytes,
            signal: limited,
            service: EPO_OPS,
            step: CLAIMS_STEP,
          }),
        };
      },
    );
  }
}
