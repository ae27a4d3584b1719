import {
  AbstractTool,
  ExternalServiceError,
  InvalidInputError,
  unwrap,
  wrapWithContext,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { z } from "zod";
import type { FetchFunction } from "../http/fetch-function.js";
import { withTimeLimit } from "../http/time-limit.js";
import { AddressGuard, type GuardedUrl } from "./address-guard.js";
import { decodePage } from "./decode-page.js";
import { fetchHop, type HopResult } from "./fetch-hop.js";
import { systemLookup } from "./host-lookup.js";
import type { MediaType } from "./media-type.js";
import { pageText } from "./page-text.js";
import { withPinnedFetch } from "./pinned-fetch.js";
import { WEB_FETCH_DEFAULTS, type WebFetchToolOptions } from "./web-fetch-options.js";

const WebFetchInput = z.object({
  url: z.string().describe("The absolute http or https URL of the page to read."),
});

const WebFetchOutput = z.object({
  url: z.string().describe("The URL the page was finally read from, after redirects."),
  status: z.number().int(),
  contentType: z.string().describe("The page's media type, e.g. text/html."),
  title: z.string().optional(),
  text: z
    .string()
    .describe("The page as readable text (HTML converted; plain text and JSON as sent)."),
});

/** Input of {@link WebFetchTool}. */
export type WebFetchInput = z.infer<typeof WebFetchInput>;
/** Output of {@link WebFetchTool}. */
export type WebFetchOutput = z.infer<typeof WebFetchOutput>;

const SERVICE = "web";
const STEP = "fetch page";

/** Sends one hop: hands `operation` the `fetch` that hop must use, for as long as it runs. */
type HopTransport = (operation: (fetch: FetchFunction) => Promise<HopResult>) => Promise<HopResult>;

/**
 * `web_fetch`: reads one public web page as text. HTML becomes readable text (with its title);
 * plain text and JSON pass through; other types are refused. Redirects are followed by the
 * tool itself, each target's address checked again; size, redirect count and total time are
 * bounded. Private, loopback, link-local and unique-local addresses are refused unless the
 * deployment allows them. By default each hop connects only to the addresses its check saw
 * (a name that resolves differently a moment later, DNS rebinding, changes nothing); a
 * `fetch` given in the options resolves names itself, and that guarantee is then its own.
 *
 * Outcomes: a URL the model can fix (malformed, refused, 400/404/410, a redirect loop, a page
 * too large or of a type it cannot read) is an `InvalidInputError` naming `url`; a server or
 * network failure, or the time limit, an `ExternalServiceError("web", "fetch page")`; a 429 a
 * `ThrottleSignal`.
 *
 * @example
 * const page = await new JobDispatcher().submit(new WebFetchTool(), { url: "https://example.org/" });
 * page.title; // "Example Domain"
 */
export class WebFetchTool extends AbstractTool<WebFetchInput, WebFetchOutput> {
  readonly name = "web_fetch";
  override readonly description =
    "Reads one public web page and returns its text (HTML converted to readable text, plain text and JSON as sent), its title and its final URL after redirects.";
  readonly input = WebFetchInput;
  readonly output = WebFetchOutput;
  override readonly readOnly = true;

  /** The deployment's own client, or `undefined` for the pinned transport. */
  readonly #fetch: FetchFunction | undefined;
  readonly #guard: AddressGuard;
  readonly #maxRedirects: number;
  readonly #maxBytes: number;
  readonly #timeoutMs: number;
  readonly #userAgent: string;
  readonly #now: () => number;

  constructor(options: WebFetchToolOptions = {}) {
    super();
    this.#fetch = options.fetch;
    this.#guard = new AddressGuard({
      lookup: options.lookup ?? systemLookup,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
      allowedHosts: options.allowedHosts ?? [],
    });
    this.#maxRedirects = options.maxRedirects ?? WEB_FETCH_DEFAULTS.maxRedirects;
    this.#maxBytes = options.maxBytes ?? WEB_FETCH_DEFAULTS.maxBytes;
    this.#timeoutMs = options.timeoutMs ?? WEB_FETCH_DEFAULTS.timeoutMs;
    this.#userAgent = options.userAgent ?? WEB_FETCH_DEFAULTS.userAgent;
    this.#now = options.now ?? Date.now;
  }

  async execute(
    input: WebFetchInput,
    _resources: JobResources,
    context: JobContext,
  ): Promise<WebFetchOutput> {
    try {
      const start = parseUrl(input.url);
      return await withTimeLimit(
        { signal: context.signal, timeoutMs: this.#timeoutMs, service: SERVICE, step: STEP },
        (signal) => this.#follow(start, input.url, signal),
      );
    } catch (error) {
      throw unwrap(error);
    }
  }

  /** Follows redirects from `start`, judging every target, until a page (or a refusal). */
  async #follow(start: URL, modelValue: string, signal: AbortSignal): Promise<WebFetchOutput> {
    const visited = new Set<string>();
    let current = start;
    for (let redirects = 0; ; redirects++) {
      visited.add(current.href);
      // The tool's own validation, outside the wrapped step.
      const transport = await this.#transportFor({
        url: current,
        modelValue,
        redirected: redirects > 0,
        signal,
      });
      const url = current;
      // The one step that calls the service with the model's parameter.
      const hop: HopResult = await wrapWithContext(
        {
          service: SERVICE,
          step: STEP,
          parameter: "url",
          value: modelValue,
          expected: "the URL of a page that exists and can be read",
        },
        () =>
          transport((fetch) =>
            fetchHop({
              fetch,
              url,
              signal,
              maxBytes: this.#maxBytes,
              userAgent: this.#userAgent,
              now: this.#now,
            }),
          ),
      );
      switch (hop.kind) {
        case "redirect": {
          const next = resolveRedirect(hop.location, current);
          if (visited.has(next.href))
            throw refuse(modelValue, "a URL that does not redirect in a loop");
          if (redirects >= this.#maxRedirects)
            throw refuse(
              modelValue,
              `a URL that reaches its page within ${this.#maxRedirects} redirects`,
            );
          current = next;
          continue;
        }
        case "unsupported":
          throw refuse(
            modelValue,
            `a URL of an HTML, plain-text or JSON page (it answered with ${hop.mediaType.essence || "no content type"})`,
          );
        case "too-large":
          throw refuse(modelValue, `a URL of a page no larger than ${this.#maxBytes} bytes`);
        case "page":
          return render(current, hop.status, hop.mediaType, hop.bytes);
      }
    }
  }

  /**
   * Checks one hop's URL and returns how to send it. The default transport is pinned to the
   * addresses the check resolved, so it connects to what was judged and nothing else; a
   * deployment's own `fetch` resolves the name again when it connects, which the tool cannot
   * bind, so it gets the plain check.
   */
  async #transportFor(target: GuardedUrl): Promise<HopTransport> {
    const own = this.#fetch;
    if (own !== undefined) {
      await this.#guard.check(target);
      return (operation) => operation(own);
    }
    const checked = await this.#guard.resolve(target);
    return (operation) => withPinnedFetch({ checked }, operation);
  }
}

function render(url: URL, status: number, mediaType: MediaType, bytes: Uint8Array): WebFetchOutput {
  const decoded = decodePage(bytes, mediaType);
  const base = { url: url.href, status, contentType: mediaType.essence };
  if (mediaType.kind !== "html") return { ...base, text: decoded };
  const { title, text } = pageText(decoded);
  return title === undefined ? { ...base, text } : { ...base, title, text };
}

function parseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(value, "an absolute http or https URL, like https://example.org/page");
  }
  // fetch refuses URLs with credentials; and a model has no business sending any.
  if (url.username !== "" || url.password !== "")
    throw refuse(value, "a URL without a user name or password");
  return url;
}

function resolveRedirect(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    // The server's redirect is broken, not the model's URL.
    throw new ExternalServiceError({ service: SERVICE, step: STEP, detail: "unreadable redirect" });
  }
}

function refuse(value: string, expected: string): InvalidInputError {
  return new InvalidInputError({ parameter: "url", value, expected });
}
