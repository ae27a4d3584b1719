import type { Logger } from "@nucleo/core";
import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";
import pretty from "pino-pretty";
import type { WorkerLogLevel } from "../config/worker-config.js";
import { resolveLogLevel } from "./resolve-log-level.js";

/** Where the worker's log goes and how it looks; everything is optional. */
export interface WorkerLoggerOptions {
  /** The config's `log.level`; `NUCLEO_LOG_LEVEL` in `env` overrides it. Default `info`. */
  readonly level?: WorkerLogLevel | undefined;
  /** Where `NUCLEO_LOG_LEVEL` is read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The stream the lines go to. Default: stderr, written synchronously so that no line is lost
   * when the process exits, and so that stdout carries only command output.
   */
  readonly stream?: NodeJS.WritableStream & { readonly isTTY?: boolean };
  /** Readable lines instead of JSON. Default: when the stream is a terminal. */
  readonly pretty?: boolean;
}

/**
 * Keys whose values never reach a line, at the top level or one object down: a field that
 * should not exist, caught anyway. Packages log secret-free fields (`errorFields`); this is
 * the backstop.
 */
const REDACTED = [
  "password",
  "apiKey",
  "api_key",
  "token",
  "secret",
  "authorization",
  "connectionString",
  "databaseUrl",
];

/**
 * The worker's logger: pino, writing one JSON object per line (`level` as its name, `time`,
 * `msg`, the fields) when the stream is not a terminal — for a collector — and readable
 * coloured lines when it is. It is a `Logger` of `@nucleo/core`, so the worker hands it to the
 * dispatcher, the admission and the recorder as it is.
 *
 * @throws {WorkerError} `config_invalid` when `NUCLEO_LOG_LEVEL` names no level.
 * @example
 * const config = await loadWorkerConfig(configFile);
 * const logger = createWorkerLogger({ level: config.log.level });
 * const worker = await Worker.start({ config, logger });
 */
export function createWorkerLogger(options: WorkerLoggerOptions = {}): PinoLogger & Logger {
  const level = resolveLogLevel({ configured: options.level, env: options.env });
  const isTTY =
    options.stream === undefined ? process.stderr.isTTY === true : options.stream.isTTY === true;
  const target: DestinationStream | NodeJS.WritableStream =
    options.stream ?? pino.destination({ dest: 2, sync: true });
  const destination =
    (options.pretty ?? isTTY)
      ? pretty({
          destination: target,
          colorize: isTTY,
          sync: true,
          ignore: "pid,hostname",
          translateTime: "SYS:HH:MM:ss.l",
        })
      : target;
  return pino(
    {
      name: "nucleo-worker",
      level,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED.flatMap((key) => [key, `*.${key}`]), censor: "***" },
    },
    destination as DestinationStream,
  );
}
