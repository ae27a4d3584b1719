import { Writable } from "node:stream";
import type { LoadedWorkerConfig } from "../config/load-worker-config.js";
import { createWorkerLogger } from "../log/create-worker-logger.js";
import type { CliIo } from "./cli-io.js";

/**
 * The logger a command's worker runs with: on the process's stderr when the command runs as a
 * program (readable on a terminal, JSON lines otherwise), or as JSON lines through `io.stderr`
 * when a test runs the command in-process, so what the packages log is seen, not lost.
 *
 * @throws {WorkerError} `config_invalid` when `NUCLEO_LOG_LEVEL` names no level.
 */
export function workerLoggerFor(config: LoadedWorkerConfig, io: CliIo) {
  const stream =
    io.logStream ??
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        io.stderr(String(chunk).replace(/\n$/, ""));
        done();
      },
    });
  return createWorkerLogger({ level: config.log.level, env: io.env, stream });
}
