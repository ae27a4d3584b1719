import { firstPrintableLine } from "@nucleo/core";

/**
 * One line about a thrown value, for the terminal: `code: message` for Nucleo's errors (the
 * message alone with `withCode: false`), the message for others — the first line only, as
 * printable text, so a stack trace, a multi-line dump or a control sequence never reaches the
 * output.
 */
export function describeFailure(error: unknown, { withCode = true } = {}): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = firstPrintableLine(error.message).trim() || firstPrintableLine(error.name);
    return withCode && typeof code === "string" && code !== "" && !message.startsWith(`${code}:`)
      ? `${code}: ${message}`
      : message;
  }
  return typeof error === "string" ? firstPrintableLine(error) : `a thrown ${typeof error}`;
}
