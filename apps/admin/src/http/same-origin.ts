/** The methods that change state: each must come from the console's own pages. */
export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * True when a state-changing request comes from the console's own origin: its `Origin` header
 * (which browsers always send on such requests, and page scripts cannot forge) equals the
 * console's public origin — the one configured, or else the scheme and `Host` the request was
 * made to. A request without `Origin` is refused too: no browser of this decade omits it on a
 * cross-site POST, and a tool that omits it can send the header.
 */
export function fromOwnOrigin(
  origin: string | undefined,
  requestUrl: string,
  host: string | undefined,
  publicOrigin: string | undefined,
): boolean {
  if (origin === undefined || origin === "" || origin === "null") return false;
  const expected = publicOrigin ?? ownOrigin(requestUrl, host);
  return expected !== undefined && origin.toLowerCase() === expected.toLowerCase();
}

function ownOrigin(requestUrl: string, host: string | undefined): string | undefined {
  if (host === undefined || host === "") return undefined;
  return `${new URL(requestUrl).protocol}//${host}`;
}
