/**
 * The console's pages by path, matched without a router library: the server answers every
 * non-`/api` GET with `index.html`, and the page picks what to show from `location.pathname`.
 *
 * @packageDocumentation
 */

/** A page and its path parameters. */
export type Route =
  | { readonly page: "sign-in" }
  | { readonly page: "runs" }
  | { readonly page: "run"; readonly rootId: string }
  | { readonly page: "costs" }
  | { readonly page: "benchmarks" }
  | { readonly page: "benchmark"; readonly jobId: string }
  | { readonly page: "models" }
  | { readonly page: "fleet" }
  | { readonly page: "not-found" };

const FIXED: Readonly<Record<string, Route>> = {
  "/sign-in": { page: "sign-in" },
  "/runs": { page: "runs" },
  "/costs": { page: "costs" },
  "/benchmarks": { page: "benchmarks" },
  "/models": { page: "models" },
  "/fleet": { page: "fleet" },
};

/** A path segment as text; a segment with broken percent-encoding is no route at all. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The route for a pathname. `/` is not matched here: the app redirects it to `/runs`.
 *
 * @example matchRoute("/runs/r-1"); // { page: "run", rootId: "r-1" }
 */
export function matchRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const parameterised = /^\/(runs|benchmarks)\/([^/]+)$/.exec(path);
  const id = parameterised?.[2] === undefined ? null : decodeSegment(parameterised[2]);
  if (parameterised && id !== null && id !== "") {
    return parameterised[1] === "runs"
      ? { page: "run", rootId: id }
      : { page: "benchmark", jobId: id };
  }
  return { page: "not-found" };
}

/**
 * The path of a run's page, its id percent-encoded.
 *
 * @example runPath("a/b"); // "/runs/a%2Fb"
 */
export function runPath(rootId: string): string {
  return `/runs/${encodeURIComponent(rootId)}`;
}

/**
 * The path of a benchmark report's page.
 *
 * @example benchmarkPath("j-1"); // "/benchmarks/j-1"
 */
export function benchmarkPath(jobId: string): string {
  return `/benchmarks/${encodeURIComponent(jobId)}`;
}

/**
 * Where to go after signing in: `next` when it is a path on this origin, else `/runs`. A
 * `next` of `//evil.example` or `https://evil.example` would leave the console (open redirect).
 *
 * @example safeNextPath("//evil.example"); // "/runs"
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return "/runs";
  }
  if (/[\u0000-\u001F\u007F]/.test(next)) return "/runs";
  try {
    const resolved = new URL(next, "http://console.invalid");
    if (resolved.origin !== "http://console.invalid") return "/runs";
    if (resolved.pathname === "/sign-in") return "/runs";
    return `${resolved.pathname}${resolved.search}`;
  } catch {
    return "/runs";
  }
}
