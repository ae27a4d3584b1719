import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { bareHost } from "./bare-host.js";

/** A host name and the addresses it resolved to when `web_fetch` checked it. */
export interface CheckedHost {
  /** The host as {@link bareHost} spells it. */
  readonly hostname: string;
  /** Every address the check saw, IPv4 and IPv6, in the resolver's order. */
  readonly addresses: readonly string[];
}

/**
 * The `lookup` a pinned connection uses in place of DNS: it answers `checked.hostname` with
 * the addresses that were checked and nothing else, so the socket cannot reach an address
 * the guard never saw, whatever the name resolves to by the time the connection opens (DNS
 * rebinding). Any other name is refused rather than resolved: a connection for a host
 * nobody checked fails closed.
 *
 * Answers both shapes `net.connect` asks for: every address (`all`, used for Happy Eyeballs
 * when no family is forced) or the first of the requested family.
 *
 * @internal
 */
export function pinnedLookup(checked: CheckedHost): LookupFunction {
  const answers: readonly LookupAddress[] = checked.addresses.map((address) => ({
    address,
    family: isIP(address),
  }));
  return (hostname: string, options: LookupOptions, callback) => {
    // dns.lookup never answers in the caller's tick; callers may rely on that.
    const answer = (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ): void => process.nextTick(callback, error, address, family);
    if (bareHost(hostname) !== checked.hostname)
      return answer(
        refusal("ERR_UNCHECKED_HOST", "the connection asked for a host that was not checked"),
        "",
      );
    const family = familyOf(options.family);
    const matching = answers.filter((candidate) => family === 0 || candidate.family === family);
    const first = matching[0];
    if (first === undefined)
      return answer(refusal("ENOTFOUND", "no checked address of the requested family"), "");
    if (options.all === true)
      return answer(
        null,
        matching.map((candidate) => ({ ...candidate })),
      );
    answer(null, first.address, first.family);
  };
}

function familyOf(family: LookupOptions["family"]): number {
  if (family === "IPv4" || family === 4) return 4;
  if (family === "IPv6" || family === 6) return 6;
  return 0;
}

/** A lookup failure: a code only, it never names the host (a URL may be secret). */
function refusal(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}
