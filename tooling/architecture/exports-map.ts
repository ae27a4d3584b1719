/**
 * The `exports` map of a `package.json` normalised to subpath keys (`.`, `./testing`,
 * `./features/*`). A bare string, an array or a conditions object all export only `.`; a
 * missing map is read as "only the entry is public"; every package declares its map explicitly
 * (CONTRIBUTING.md, "Adding a package").
 */
export function exportsBySubpath(exports: unknown): ReadonlyMap<string, unknown> {
  if (exports === undefined) return new Map([[".", "(entry)"]]);
  if (typeof exports !== "object" || exports === null || Array.isArray(exports)) {
    return new Map([[".", exports]]);
  }
  const entries = Object.entries(exports);
  if (!entries.some(([key]) => key.startsWith("."))) return new Map([[".", exports]]);
  return new Map(entries.filter(([key]) => key.startsWith(".")));
}

/**
 * Whether `subpath` (`.` or `./x`) is importable under an `exports` map, following Node's
 * matching: an exact key wins, then the most specific `*` pattern; a `null` target hides it.
 *
 * @example
 * isExportedSubpath({ ".": "./i.js", "./testing": "./t.js" }, "./testing"); // true
 */
export function isExportedSubpath(exports: unknown, subpath: string): boolean {
  const map = exportsBySubpath(exports);
  if (map.has(subpath)) return map.get(subpath) !== null;
  let best: { readonly prefix: string; readonly key: string } | undefined;
  for (const key of map.keys()) {
    const star = key.indexOf("*");
    const prefix = star === -1 ? key : key.slice(0, star);
    const suffix = star === -1 ? "" : key.slice(star + 1);
    const matches =
      star === -1
        ? key.endsWith("/") && subpath.startsWith(key)
        : subpath.length >= key.length && subpath.startsWith(prefix) && subpath.endsWith(suffix);
    if (!matches) continue;
    if (
      best === undefined ||
      prefix.length > best.prefix.length ||
      (prefix.length === best.prefix.length && key.length > best.key.length)
    ) {
      best = { prefix, key };
    }
  }
  return best !== undefined && map.get(best.key) !== null;
}
