import { isIP } from "node:net";
import { ExternalServiceError, InvalidInputError } from "@nucleo/core";
import { abortable } from "../http/abortable.js";
import { bareHost } from "./bare-host.js";
import type { HostLookup } from "./host-lookup.js";
import { nonPublicReason } from "./ip-address.js";
import type { CheckedHost } from "./pinned-lookup.js";

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
 * {@link AddressGuard.resolve} returns the addresses it judged, and the tool's own transport
 * connects to those and no others (see `withPinnedFetch`): a DNS answer that changes after
 * the check (rebinding) never reaches the socket. {@link AddressGuard.check} is for a `fetch`
 * the deployment injected, which resolves names itself, so the check cannot bind it.
 *
 * Refusals are the model's to correct (`InvalidInputError` naming `url`).
 *
 * @internal
 */
export class AddressGuard {
  readonly #options: AddressGuardOptions;
  readonly #allowedHosts: ReadonlySet<string>;

  constructor(options: AddressGuardOptions) {
    this.#options = options;
    this.#allowedHosts = new Set(options.allowedHosts.map(bareHost));
  }

  /**
   * Checks `target.url` for a client that resolves the name again when it connects: hosts the
   * deployment allows are let through without a lookup (that client finds them itself).
   * Throws the refusal when the URL may not be fetched.
   */
  async check(target: GuardedUrl): Promise<void> {
    const hostname = this.#hostOf(target);
    if (this.#allows(hostname)) return;
    this.#judge(await this.#addressesOf(hostname, target), target);
  }

  /**
   * Resolves `target.url`'s host once and checks every address; returns them, for the
   * connection to be pinned to. Allowed hosts are resolved too (and not judged), so even
   * then the connection goes where this one lookup said. An IP literal is its own address.
   * Throws the refusal when the URL may not be fetched.
   */
  async resolve(target: GuardedUrl): Promise<CheckedHost> {
    const hostname = this.#hostOf(target);
    const addresses = await this.#addressesOf(hostname, target);
    if (!this.#allows(hostname)) this.#judge(addresses, target);
    return { hostname, addresses };
  }

  /** The URL's host as compared and resolved, once the scheme is known to be http(s). */
  #hostOf(target: GuardedUrl): string {
    const { url } = target;
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw this.#refuse(
        target,
        target.redirected ? "a URL whose redirects stay on http or https" : "an http or https URL",
      );
    }
    return bareHost(url.hostname);
  }

  #allows(hostname: string): boolean {
    return this.#options.allowPrivateNetworks || this.#allowedHosts.has(hostname);
  }

  async #addressesOf(hostname: string, target: GuardedUrl): Promise<readonly string[]> {
    return isIP(hostname) === 0 ? this.#resolve(hostname, target) : [hostname];
  }

  #judge(addresses: readonly string[], target: GuardedUrl): void {
    for (const address of addresses) {
      const reason = nonPublicReason(address);
      if (reason !== undefined) {
        const where = target.redirected ? "it redirects to a host at" : "its host is";
        throw this.#refuse(
          target,
          `a URL on the public internet (${where} ${reason}, which this deployment does not fetch)`,
        );
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
      if (NOT_FOUND_CODES.has(String((error as { code?: unknown }).code)))
        throw this.#refuse(target, "a URL whose host name exists");
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
