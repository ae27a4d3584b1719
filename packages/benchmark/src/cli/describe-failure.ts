/**
 * One line about a thrown value, for the terminal: `code: message` for Nucleo's errors (the
 * message alone with `withCode: false`), the message for others — the first line only, so a
 * stack trace or a multi-line dump never reaches the output.
 *
 * @internal
 */
export function describeFailure(error: unknown, { withCode = true } = {}): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message.split(/\r?\n/, 1)[0]!.trim() || error.name;
    return withCode && typeof code === "string" && code !== "" && !message.startsWith(`${code}:`) ? `${code}: ${message}` : message;
  }
  return typeof error === "string" ? error.split(/\r?\n/, 1)[0]! : `a thrown ${typeof error}`;
}
