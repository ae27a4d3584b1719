import { firstLine } from "../report/plain-text.js";

/**
 * One line about a thrown value, for the terminal: `code: message` for Nucleo's errors (the
 * message alone with `withCode: false`), the message for others — the first line only, as
 * plain text (see {@link firstLine}), so a stack trace, a multi-line dump or a control sequence
 * never reaches the output.
 *
 * @internal
 */
export function describeFailure(error: unknown, { withCode = true } = {}): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = firstLine(error.message).trim() || firstLine(error.name);
    return withCode && typeof code === "string" && code !== "" && !message.startsWith(`${code}:`) ? `${code}: ${message}` : message;
  }
  return typeof error === "string" ? firstLine(error) : `a thrown ${typeof error}`;
}
