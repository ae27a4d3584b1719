import { isIP } from "node:net";
import { ExternalServiceError, InvalidInputError } from "@nucleo/core";
import { abortable } from "../http/abortable.js";
import type { HostLookup } from "./host-lookup.js";
import { nonPublicReason } from "./ip-address.js";

/** Which hosts a deployment lets `web_fetch` reach beyond the public internet. */
export interface AddressGuardOptions {
  readonly lookup: HostLookup;
  /** Fetch private, loopback, link-local and unique-local addresses too. */
  readonly allowPrivateNetworks: boolean;
  /** Host names (or IP literals) fetched whatever they resolve to. Compared case-insensitively. */
  readonly allowedHosts: readonly string[];
}

/** One URL to judge, and the model's own value to name when refusing it. */
export interface GuardedUrl {
  readonly url: URL;
  /** The `url` the model sent: the parameter the refusal names, also after a redirect. */
  readonly modelValue: string;
  /** Whether `url` is a redirect target rather than the model's own URL. */
  readonly redirected: boolean;
  readonly signal: AbortSignal;
}

const NOT_FOUND_CODES = new Set(["ENOTFOUND", "ENODATA", "EAI_NONAME", "EAI_NODATA"]);

/**
 * Keeps `web_fetch` on the public internet: refuses non-http(s) URLs and hosts that resolve to
 * a private, loopback, link-local, unique-local or otherwise non-public address, checking
 * every address the name resolves to (one private answer among public ones is enough to
 * refuse), unless the deployment allows private networks or lists the host. Every redirect
 * target is judged again, so a public page cannot bounce the tool to a metadata endpoint.
 *
 * Refusals are the model's to correct (`InvalidInputError` naming `url`). A known gap: the
 * HTTP client resolves the name again when it connects, so a DNS answer that changes between
 * the two lookups (rebinding) is not caught here; a deployment that must close it should also
 * route egress through a proxy that enforces the same rule.
 *
 * @internal
 */
export class AddressGuard {
  readonly #options: AddressGuardOptions;
  readonly #allowedHosts: ReadonlySet<string>;

  constructor(options: AddressGuardOptions) {
    this.#options = options;
    this.#allowedHosts = new Set(options.allowedHosts.map((host) => bareHost(host.toLowerCase())));
  }

  /** Resolves and checks `target.url`; throws the refusal when it may not be fetched. */
  async check(target: GuardedUrl): Promise<void> {
    const { url } = target;
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw this.#refuse(target, target.redirected ? "a URL whose redirects stay on http or https" : "an http or https URL");
    }
    const host = bareHost(url.hostname.toLowerCase());
    if (this.#options.allowPrivateNetworks || this.#allowedHosts.has(host)) return;
    const addresses = isIP(host) === 0 ? await this.#resolve(host, target) : [host];
    for (const address of addresses) {
      const reason = nonPublicReason(address);
      if (reason !== undefined) {
        const where = target.redirected ? "it redirects to a host at" : "its host is";
        throw this.#refuse(target, `a URL on the public internet (${where} ${reason}, which this deployment does not fetch)`);
      }
    }
  }

  async #resolve(host: string, target: GuardedUrl): Promise<string[]> {
    let answers: readonly { readonly address: string }[];
    try {
      // The system resolver takes no signal: stop waiting for it when the call is aborted.
      answers = await abortable(this.#options.lookup(host), target.signal);
    } catch (error) {
      if (target.signal.aborted) throw error;
      if (NOT_FOUND_CODES.has(String((error as { code?: unknown }).code))) throw this.#refuse(target, "a URL whose host name exists");
      // Not the model's doing (resolver down, timeout): the raw error is dropped, it adds nothing.
      throw new ExternalServiceError({ service: "web", step: "resolve host" });
    }
    if (answers.length === 0) throw this.#refuse(target, "a URL whose host name exists");
    return answers.map((answer) => answer.address);
  }

  #refuse(target: GuardedUrl, expected: string): InvalidInputError {
    return new InvalidInputError({ parameter: "url", value: target.modelValue, expected });
  }
}

/** `[::1]` as `URL.hostname` spells it → `::1`; `example.org.` (fully qualified) → `example.org`. */
function bareHost(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host.replace(/\.$/, "");
}
