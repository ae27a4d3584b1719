import type { McpTransportOptions } from "../connection/mcp-server-options.js";

// Shorter values ("1", "json") are not credentials, and scrubbing them would mangle messages.
const MIN_SECRET_LENGTH = 6;
// A word of a header value stands alone only when it is this long and not an auth scheme.
const MIN_SECRET_WORD_LENGTH = 8;
const AUTH_SCHEME = /^(?:basic|bearer|digest|dpop|hoba|mutual|negotiate|ntlm|token|apikey)$/i;

/**
 * The values of a transport's configuration that may be credentials: header values (and each
 * word of them, so the token of `Bearer <token>` is caught alone), environment values, and the
 * URL's user, password and query values.
 */
export function secretValues(transport: McpTransportOptions): readonly string[] {
  const candidates: string[] = [];
  if (transport.kind === "http") {
    for (const value of Object.values(transport.headers)) {
      candidates.push(
        value,
        ...value
          .split(/\s+/)
          .filter((word) => word.length >= MIN_SECRET_WORD_LENGTH && !AUTH_SCHEME.test(word)),
      );
    }
    const url = new URL(transport.url);
    candidates.push(
      decodeURIComponent(url.username),
      decodeURIComponent(url.password),
      ...url.searchParams.values(),
    );
  } else {
    candidates.push(...Object.values(transport.env));
  }
  // Longest first, so a whole header value is replaced before the words inside it.
  return [...new Set(candidates.filter((value) => value.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
}
