import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { describeIssue } from "@nucleo/core";
import { WorkerError } from "../worker-error.js";
import { parseConfigText } from "./parse-config-text.js";
import { workerConfigSchema, type WorkerConfig } from "./worker-config.js";

/** A checked config with its paths resolved. */
export interface LoadedWorkerConfig extends WorkerConfig {
  /** The config file, absolute. */
  readonly file: string;
  /** The catalog file, absolute (resolved against the config file's folder). */
  readonly catalogFile: string;
}

/**
 * Reads and checks the worker's config file: JSON (`.json`) or YAML (`.yaml`, `.yml`). Any
 * problem — unreadable, not JSON or YAML, a field that fails the schema, an unknown key — stops
 * the worker with a {@link WorkerError} naming the file and the field, and for YAML the line.
 *
 * @example
 * const config = await loadWorkerConfig("config/worker.json");
 */
export async function loadWorkerConfig(path: string): Promise<LoadedWorkerConfig> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw configError(
      file,
      undefined,
      `a readable file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
      error,
    );
  }
  const parsed = parseConfigText(text, file);
  if (!parsed.success) throw configError(file, undefined, parsed.expected);
  const checked = workerConfigSchema.safeParse(parsed.value);
  if (!checked.success) {
    const first = checked.error.issues[0]!;
    const issue = describeIssue(first, { nameUnknownKeys: true });
    // An unknown key's line is the key's own, not its object's.
    const line = parsed.lineOf(
      first.code === "unrecognized_keys" ? [...first.path, first.keys[0]!] : first.path,
    );
    throw configError(
      file,
      issue.path === "(input)" ? undefined : issue.path,
      issue.expected,
      checked.error,
      line,
    );
  }
  return { ...checked.data, file, catalogFile: resolve(dirname(file), checked.data.catalog) };
}

function configError(
  file: string,
  field: string | undefined,
  expected: string,
  cause?: unknown,
  line?: number,
): WorkerError {
  const where = `${file}${line === undefined ? "" : `, line ${line}`}${field === undefined ? "" : `, field ${field}`}`;
  return new WorkerError({
    code: "config_invalid",
    file,
    ...(field === undefined ? {} : { field }),
    message: `Config ${where}: expected ${expected}.`,
    cause,
  });
}
