import { WorkerError } from "../worker-error.js";
import { WORKER_LOG_LEVELS, type WorkerLogLevel } from "../config/worker-config.js";

/** The environment variable that sets the worker's log level, over the config's `log.level`. */
export const LOG_LEVEL_VARIABLE = "NUCLEO_LOG_LEVEL";

/**
 * The level the worker logs at: `NUCLEO_LOG_LEVEL` when set (an operator turns on `debug`
 * without editing the file), else the config's `log.level`, else `info`.
 *
 * @throws {WorkerError} `config_invalid`, naming the variable, when it is set to no level.
 * @example
 * resolveLogLevel({ configured: "warn", env: { NUCLEO_LOG_LEVEL: "debug" } }); // "debug"
 */
export function resolveLogLevel(options: {
  readonly configured?: WorkerLogLevel | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
}): WorkerLogLevel {
  const raw = (options.env ?? process.env)[LOG_LEVEL_VARIABLE]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return options.configured ?? "info";
  if ((WORKER_LOG_LEVELS as readonly string[]).includes(raw)) return raw as WorkerLogLevel;
  const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  throw new WorkerError({
    code: "config_invalid",
    field: LOG_LEVEL_VARIABLE,
    message: `Environment variable ${LOG_LEVEL_VARIABLE}: expected one of ${WORKER_LOG_LEVELS.map((level) => `"${level}"`).join(", ")}, got ${shown}.`,
  });
}
