const MAX_CAUSE_DEPTH = 8;
const REDACTED = "[redacted]";

/**
 * The error to keep on `cause`: the original when no secret occurs in its message, stack or
 * causes, else a copy (same name, same chain) with every secret replaced by `[redacted]`.
 * Our own messages never carry a secret; this covers what a library or a server wrote, such
 * as an HTTP error body that echoes a request header.
 */
export function redactSecrets(error: unknown, secrets: readonly string[]): unknown {
  return secrets.length === 0 ? error : redact(error, secrets, 0);
}

function redact(error: unknown, secrets: readonly string[], depth: number): unknown {
  if (!(error instanceof Error) || depth >= MAX_CAUSE_DEPTH) return error;
  const cause = error.cause === undefined ? undefined : redact(error.cause, secrets, depth + 1);
  const leaks = secrets.some(
    (secret) => error.message.includes(secret) || (error.stack ?? "").includes(secret),
  );
  if (!leaks && cause === error.cause) return error;
  const copy = new Error(
    scrub(error.message, secrets),
    cause === undefined ? undefined : { cause },
  );
  copy.name = error.name;
  copy.stack = scrub(error.stack ?? "", secrets);
  return copy;
}

/** The text with every secret replaced by `[redacted]` (secrets longest first, as {@link secretValues} gives them). */
export function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, REDACTED), text);
}
