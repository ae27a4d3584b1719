import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { describeIssue } from "@nucleo/core";
import { WorkerError } from "../worker-error.js";
import { parseJson } from "./parse-json.js";
import { workerConfigSchema, type WorkerConfig } from "./worker-config.js";

/** A checked config with its paths resolved. */
export interface LoadedWorkerConfig extends WorkerConfig {
  /** The config file, absolute. */
  readonly file: string;
  /** The catalog file, absolute (resolved against the config file's folder). */
  readonly catalogFile: string;
}

/**
 * Reads and checks the worker's config file. Any problem — unreadable, not JSON, a field that
 * fails the schema, an unknown key — stops the worker with a {@link WorkerError} naming the
 * file and the field.
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
    throw configError(file, undefined, `a readable file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`, error);
  }
  const parsed = parseJson(text);
  if (!parsed.success) throw configError(file, undefined, `valid JSON (${parsed.error})`);
  const checked = workerConfigSchema.safeParse(parsed.value);
  if (!checked.success) {
    const issue = describeIssue(checked.error.issues[0]!, { nameUnknownKeys: true });
    throw configError(file, issue.path === "(input)" ? undefined : issue.path, issue.expected, checked.error);
  }
  return { ...checked.data, file, catalogFile: resolve(dirname(file), checked.data.catalog) };
}

function configError(file: string, field: string | undefined, expected: string, cause?: unknown): WorkerError {
  const where = field === undefined ? file : `${file}, field ${field}`;
  return new WorkerError({ code: "config_invalid", file, ...(field === undefined ? {} : { field }), message: `Config ${where}: expected ${expected}.`, cause });
}
