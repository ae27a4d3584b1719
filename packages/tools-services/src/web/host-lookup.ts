import { lookup } from "node:dns/promises";

/**
 * Resolves a host name to every address it has (IPv4 and IPv6). Injected so tests can make a
 * name resolve to a private address without touching DNS.
 */
export type HostLookup = (hostname: string) => Promise<readonly { readonly address: string }[]>;

/** The system resolver, asking for all addresses so every one of them is checked. */
export const systemLookup: HostLookup = (hostname) => lookup(hostname, { all: true });
