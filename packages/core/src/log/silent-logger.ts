import type { Logger } from "./logger.js";

const ignore = (): void => {};

/**
 * A {@link Logger} that drops everything: for tests and for callers that watch another way.
 *
 * @example
 * const recorder = new PostgresRecorder({ db, logger: silentLogger });
 */
export const silentLogger: Logger = Object.freeze({
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
});
