import { firstPrintableLine } from "../text/printable-text.js";

/** An error as log fields: secret-free, one line, no stack. */
export interface ErrorFields {
  /** The error's class name (`SystemError`, `TypeError`), or the type of a thrown non-error. */
  readonly name: string;
  /** The message's first line, with credentials masked. */
  readonly message: string;
  /** The error's `code`, when it has a short one (`ECONNREFUSED`, `57P01`, `shared_store_answer`). */
  readonly code?: string;
}

/**
 * `scheme://user:password@host` → `scheme://***@host` (and a lone `scheme://token@`). Up to the
 * last `@` before the host: a password may hold an `@` of its own.
 */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/]+@/gi;
/** `password=…`, `token: …`, `api_key=…` and the like: the value goes. */
const SECRET_PAIR =
  /\b(password|passwd|pwd|secret|token|api[_-]?key|authorization)(\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi;

/**
 * An error as the fields a {@link Logger} is given: its name, code and first message line,
 * with URL credentials and `password=`-like values masked. The error itself never goes to a
 * logger: its stack repeats the message, its `cause` may be a driver's error quoting a
 * connection string, and a JSON logger would write all of it.
 *
 * @example
 * logger.warn({ entryId, error: errorFields(caught) }, "The shared budget store failed to book.");
 * // error: { name: "Error", code: "ECONNREFUSED", message: "could not connect to postgres://***@db:5432/app" }
 */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) {
    return { name: typeof error, message: typeof error === "string" ? clipped(error) : "" };
  }
  const code = (error as { code?: unknown }).code;
  return {
    name: firstPrintableLine(error.name).slice(0, 100),
    message: clipped(error.message),
    ...(typeof code === "string" && code.length <= 64 ? { code: firstPrintableLine(code) } : {}),
  };
}

/** The first line, masked, at most 300 characters. */
function clipped(text: string): string {
  const line = mask(firstPrintableLine(text));
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function mask(text: string): string {
  return text
    .replace(URL_CREDENTIALS, (_whole, scheme: string) => `${scheme}***@`)
    .replace(SECRET_PAIR, "$1$2***");
}
