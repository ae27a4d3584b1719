/**
 * The facts that go with a log line, as plain values (strings, numbers, booleans, plain
 * objects): what a JSON-lines logger writes as fields. Never a secret, never raw model text.
 */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Where Nucleo's packages tell what they cannot throw to anyone: an observer that threw, a
 * shared budget store that failed, a recorder write being retried. One seam for all of them,
 * shaped like pino's logger (`logger.warn({ entryId }, "…")`), so a pino logger is a `Logger`
 * as it is; a package's default is {@link stderrLogger}, and {@link silentLogger} drops
 * everything.
 *
 * Every call passes structured fields first and a secret-free sentence second; errors go in as
 * {@link errorFields}, never as the raw error, whose message or cause may carry a credential.
 *
 * @example
 * import pino from "pino";
 * const dispatcher = new JobDispatcher({ logger: pino() });
 */
export interface Logger {
  /** Something failed and was not retried: an observer threw, a write was refused for good. */
  error(fields: LogFields, message: string): void;
  /** Something failed and is retried or harmless: a store away for a while, a write retried. */
  warn(fields: LogFields, message: string): void;
  /** What an operator wants to see once per run. */
  info(fields: LogFields, message: string): void;
  /** Detail for whoever is debugging. */
  debug(fields: LogFields, message: string): void;
}

/** The names of a {@link Logger}'s methods, from the most to the least severe. */
export type LogLevel = "error" | "warn" | "info" | "debug";
