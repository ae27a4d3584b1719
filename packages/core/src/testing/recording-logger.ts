import type { LogFields, Logger, LogLevel } from "../log/logger.js";

/** One call a {@link RecordingLogger} took. */
export interface LoggedEntry {
  readonly level: LogLevel;
  readonly fields: LogFields;
  readonly message: string;
}

/**
 * A {@link Logger} test double that keeps every call, in order, so a test pins what a component
 * told its logger: the level, the fields and the sentence.
 *
 * @example
 * const logger = new RecordingLogger();
 * new JobDispatcher({ observers: [broken], logger });
 * // … run a job …
 * expect(logger.entries[0]).toMatchObject({ level: "error", fields: { observer: "Broken" } });
 */
export class RecordingLogger implements Logger {
  readonly entries: LoggedEntry[] = [];

  error(fields: LogFields, message: string): void {
    this.entries.push({ level: "error", fields, message });
  }

  warn(fields: LogFields, message: string): void {
    this.entries.push({ level: "warn", fields, message });
  }

  info(fields: LogFields, message: string): void {
    this.entries.push({ level: "info", fields, message });
  }

  debug(fields: LogFields, message: string): void {
    this.entries.push({ level: "debug", fields, message });
  }

  /** The entries as JSON lines would write them, one string: what a secret canary searches. */
  text(): string {
    return this.entries.map((entry) => JSON.stringify(entry)).join("\n");
  }
}
