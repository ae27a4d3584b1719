/**
 * A URL host in the one form `web_fetch` compares and resolves: lower case, IPv6 brackets
 * removed (`[::1]` as `URL.hostname` spells it → `::1`), a fully qualified name's final dot
 * dropped (`example.org.` → `example.org`). The guard and the pinned connection both use it,
 * so the name the connection asks for is recognised as the name that was checked.
 *
 * @internal
 */
export function bareHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.startsWith("[") && lower.endsWith("]")
    ? lower.slice(1, -1)
    : lower.replace(/\.$/, "");
}
