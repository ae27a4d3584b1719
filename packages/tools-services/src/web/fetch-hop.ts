import type { FetchFunction } from "../http/fetch-function.js";
import { checkResponse } from "../http/check-response.js";
import { HttpStatusError } from "../http/http-status-error.js";
import { discardBody, readBodyLimited } from "../http/read-body.js";
import { sendRequest } from "../http/send-request.js";
import { parseMediaType, type MediaType } from "./media-type.js";

/** What one request of `web_fetch` came back with. */
export type HopResult =
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "unsupported"; readonly mediaType: MediaType }
  | { readonly kind: "too-large" }
  | {
      readonly kind: "page";
      readonly status: number;
      readonly mediaType: MediaType;
      readonly bytes: Uint8Array;
    };

/** Everything one hop needs. */
export interface HopOptions {
  readonly fetch: FetchFunction;
  readonly url: URL;
  readonly signal: AbortSignal;
  readonly maxBytes: number;
  readonly userAgent: string;
  readonly now: () => number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT =
  "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,application/json;q=0.8,text/*;q=0.5";

/**
 * One GET of a page, redirects not followed (the tool follows them itself, so it can judge
 * each target's address and count the hops). Throws for statuses the call cannot use (429 as
 * a throttle, the rest as an `HttpStatusError` for `wrapWithContext` to classify); the cases
 * the tool classifies itself (a redirect, a type it does not read, a body over the limit) come
 * back as results, so its own refusals stay outside the wrapped step.
 *
 * @internal
 */
export async function fetchHop(options: HopOptions): Promise<HopResult> {
  const response = await sendRequest(options.fetch, options.url, {
    method: "GET",
    redirect: "manual",
    signal: options.signal,
    headers: { accept: ACCEPT, "user-agent": options.userAgent },
  });
  if (REDIRECTS.has(response.status)) {
    const location = response.headers.get("location");
    await discardBody(response);
    if (location === null) throw new HttpStatusError(response.status);
    return { kind: "redirect", location };
  }
  await checkResponse(response, { service: "web", now: options.now() });
  const mediaType = parseMediaType(response.headers.get("content-type"));
  if (mediaType.kind === undefined) {
    await discardBody(response);
    return { kind: "unsupported", mediaType };
  }
  const body = await readBodyLimited(response, options.maxBytes, options.signal);
  if (!body.complete) return { kind: "too-large" };
  return { kind: "page", status: response.status, mediaType, bytes: body.bytes };
}
