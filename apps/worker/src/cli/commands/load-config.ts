import { resolve } from "node:path";
import { loadWorkerConfig, type LoadedWorkerConfig } from "../../config/load-worker-config.js";
import { packageFile } from "../../package-files.js";
import type { CliIo } from "../cli-io.js";

/** `--config`, resolved against where the command was run, or the bundled `config/worker.json`. */
export function configFileOf(config: string | undefined, io: CliIo): string {
  return config === undefined ? packageFile("config/worker.json") : resolve(io.callerCwd, config);
}

/**
 * The worker's config, as `--config` names it (see {@link configFileOf}).
 *
 * @throws {WorkerError} `config_invalid` naming the file and the field.
 */
export function loadConfigOption(
  config: string | undefined,
  io: CliIo,
): Promise<LoadedWorkerConfig> {
  return loadWorkerConfig(configFileOf(config, io));
}
