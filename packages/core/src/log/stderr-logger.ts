import { printableText } from "../text/printable-text.js";
import type { LogFields, Logger } from "./logger.js";

/**
 * The {@link Logger} every package uses when it is given none: each error and warning as one
 * line on stderr, `[nucleo] warn: <message> <fields as JSON>`; `info` and `debug` are dropped,
 * since a library should not chatter on a terminal it does not own. An application that logs
 * passes its own logger (the worker passes pino).
 *
 * @example
 * stderrLogger.warn({ entryId: "gpt-small" }, "The shared budget store failed to book.");
 * // stderr: [nucleo] warn: The shared budget store failed to book. {"entryId":"gpt-small"}
 */
export const stderrLogger: Logger = Object.freeze({
  error: (fields: LogFields, message: string) => writeLine("error", fields, message),
  warn: (fields: LogFields, message: string) => writeLine("warn", fields, message),
  info: (): void => {},
  debug: (): void => {},
});

function writeLine(level: string, fields: LogFields, message: string): void {
  let facts = "";
  try {
    facts = Object.keys(fields).length === 0 ? "" : ` ${JSON.stringify(fields)}`;
  } catch {
    // A field JSON cannot write (a cycle, a bigint) costs the fields, never the line.
    facts = " (fields not shown: not JSON)";
  }
  // Messages and fields may quote an error's text: nothing in them may drive the terminal.
  process.stderr.write(`[nucleo] ${level}: ${printableText(message)}${printableText(facts)}\n`);
}
