import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseJson } from "../../config/parse-json.js";
import { WorkerError } from "../../worker-error.js";

/**
 * The value of `--input`: JSON text, or `@` and the path of a JSON file (relative to `cwd`).
 *
 * @throws {WorkerError} `input_invalid` naming `--input` (and the file) when it is not JSON or cannot be read.
 */
export async function readInputOption(option: string, cwd: string): Promise<unknown> {
  let text = option;
  let source = "--input";
  if (option.startsWith("@")) {
    const file = resolve(cwd, option.slice(1));
    source = `--input file ${JSON.stringify(file)}`;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      throw new WorkerError({
        code: "input_invalid",
        file,
        field: "--input",
        message: `Cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}.`,
        cause: error,
      });
    }
  }
  const parsed = parseJson(text);
  if (!parsed.success)
    throw new WorkerError({
      code: "input_invalid",
      field: "--input",
      message: `Invalid ${source}: expected JSON (${parsed.error}).`,
    });
  return parsed.value;
}
