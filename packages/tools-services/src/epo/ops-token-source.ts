import { ExternalServiceError } from "@nucleo/core";
import { z } from "zod";
import { abortable } from "../http/abortable.js";
import { checkResponse } from "../http/check-response.js";
import { parseJson } from "../http/parse-json.js";
import { readAnswerText } from "../http/read-answer-text.js";
import { sendRequest } from "../http/send-request.js";
import { serviceStep } from "../http/service-step.js";
import type { ResolvedApiOptions } from "../http/service-tool-options.js";
import { withTimeLimit } from "../http/time-limit.js";
import { AUTH_STEP, EPO_OPS } from "./epo-claims-options.js";

/** What the token source needs. */
export interface OpsTokenSourceOptions extends ResolvedApiOptions {
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

// OPS sends expires_in as a string ("1199"); tolerant of the many other fields it adds.
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

/** Renew this long before OPS says the token expires, so a request never leaves with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

/**
 * OPS OAuth client credentials: POSTs `grant_type=client_credentials` with Basic auth of
 * key:secret to `/3.2/auth/accesstoken` and caches the bearer token until shortly before it
 * expires. Concurrent jobs share one token request; each stops waiting on its own signal
 * without cancelling it for the others.
 *
 * Only the encoded Basic header is kept, in a private field; no error this class throws
 * carries it, the token or any part of an answer (OPS echoes the client id).
 *
 * @internal
 */
export class OpsTokenSource {
  readonly #options: OpsTokenSourceOptions;
  readonly #basic: string;
  #cached: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;

  constructor(options: OpsTokenSourceOptions) {
    this.#options = options;
    this.#basic = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64")}`;
  }

  /** A valid bearer token: the cached one, or a fresh one. */
  async token(signal: AbortSignal): Promise<string> {
    const cached = this.#cached;
    if (cached !== undefined && this.#options.now() < cached.expiresAt) return cached.token;
    this.#pending ??= this.#request().finally(() => {
      this.#pending = undefined;
    });
    return (await abortable(this.#pending, signal)).token;
  }

  /** Forgets `token` after OPS refused it (revoked or expired early). */
  invalidate(token: string): void {
    if (this.#cached?.token === token) this.#cached = undefined;
  }

  async #request(): Promise<CachedToken> {
    const { fetch, baseUrl, timeoutMs, maxAnswerBytes, now } = this.#options;
    // Shared by every waiting job, so bound by its own time limit only, not by one job's signal.
    const unshared = new AbortController().signal;
    const fresh = await serviceStep({ service: EPO_OPS, step: AUTH_STEP }, () =>
      withTimeLimit(
        { signal: unshared, timeoutMs, service: EPO_OPS, step: AUTH_STEP },
        async (signal) => {
          const response = await sendRequest(fetch, new URL("/3.2/auth/accesstoken", baseUrl), {
            method: "POST",
            // Never follow: a redirect would carry the credentials to wherever it points.
            redirect: "error",
            signal,
            headers: {
              authorization: this.#basic,
              "content-type": "application/x-www-form-urlencoded",
              accept: "application/json",
            },
            body: "grant_type=client_credentials",
          });
          // 401/403 (bad credentials) become ExternalServiceError("epo-ops", "authenticate"): never the model's to fix.
          await checkResponse(response, { service: EPO_OPS, now: now() });
          const answer = parseJson(
            await readAnswerText(response, {
              maxBytes: maxAnswerBytes,
              signal,
              service: EPO_OPS,
              step: AUTH_STEP,
            }),
            TokenAnswer,
          );
          if (!answer.success)
            throw new ExternalServiceError({
              service: EPO_OPS,
              step: AUTH_STEP,
              detail: "unreadable answer",
            });
          return answer.value;
        },
      ),
    );
    const lifetimeMs = fresh.expires_in * 1_000;
    const cached = {
      token: fresh.access_token,
      expiresAt: now() + lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2),
    };
    this.#cached = cached;
    return cached;
  }
}
