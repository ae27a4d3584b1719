import { readFile } from "node:fs/promises";
import { GRADE_LADDER } from "@nucleo/core";
import { z } from "zod";
import { MAX_TIMES } from "@nucleo/benchmark";
import { setupProblem } from "./setup-problem.js";
import { schemaProblem } from "./schema-problem.js";

const POSITIVE_INTEGER = "expected a positive integer";
const positiveInteger = z.int({ error: POSITIVE_INTEGER }).min(1, { error: POSITIVE_INTEGER });
const relativePath = (what: string) =>
  z.string({ error: `expected ${what}` }).min(1, { error: `expected ${what}` });

/**
 * The `nucleo benchmark` config file: the setup module and the benchmark's options. Strict: a
 * misspelt field is refused by name rather than silently ignored.
 */
export const BenchmarkConfig = z.strictObject({
  /** The setup module, relative to the config file. */
  setup: relativePath("the path of the setup module, relative to the config file"),
  /** The grade to race, for a job that declares none of its own. */
  grade: z
    .enum([...GRADE_LADDER, "CEILING"], {
      error: `expected a grade: ${[...GRADE_LADDER, "CEILING"].join(", ")}`,
    })
    .optional(),
  /** Runs per entry: the benchmark's own limit, checked here so the error names this file. */
  times: positiveInteger
    .max(MAX_TIMES, { error: `expected at most ${MAX_TIMES} runs per entry` })
    .optional(),
  candidates: z
    .array(
      z
        .string({ error: "expected a catalog entry id" })
        .min(1, { error: "expected a catalog entry id" }),
      { error: "expected a list of catalog entry ids" },
    )
    .min(1, {
      error: "expected at least one entry id (leave the field out to race the whole grade)",
    })
    .optional(),
  runTimeoutMs: positiveInteger.optional(),
  judgeTimeoutMs: positiveInteger.optional(),
  /** Where the JSON report goes, relative to `--out-dir` or the config's folder. */
  json: relativePath("a file path for the JSON report").optional(),
  /** Where the Markdown report goes, the same way. */
  markdown: relativePath("a file path for the Markdown report").optional(),
});
/** A checked config file. */
export type BenchmarkConfig = z.infer<typeof BenchmarkConfig>;

/**
 * Reads and checks a config file. `shown` is the path as the user gave it, for messages.
 *
 * @throws {WorkerError} `config_invalid` naming the file — and the field, when one is wrong — when the
 * file cannot be read, is not JSON, or does not fit {@link BenchmarkConfig}.
 */
export async function readBenchmarkConfig(path: string, shown: string): Promise<BenchmarkConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw setupProblem(
      {
        file: shown,
        problem:
          code === "ENOENT"
            ? `no such file (looked for ${path})`
            : `cannot read the file (${code ?? "unknown error"})`,
      },
      error,
    );
  }
  const data = parseJson(text, shown);
  const parsed = BenchmarkConfig.safeParse(data);
  if (!parsed.success) {
    const notAnObject = typeof data !== "object" || data === null || Array.isArray(data);
    if (notAnObject)
      throw setupProblem({
        file: shown,
        problem: 'expected a JSON object with at least a "setup" field',
      });
    throw setupProblem(
      schemaProblem(parsed.error, shown, {
        name: "the config",
        fields: Object.keys(BenchmarkConfig.shape),
      }),
      parsed.error,
    );
  }
  return parsed.data;
}

function parseJson(text: string, shown: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw setupProblem(
      { file: shown, problem: `not valid JSON (${(error as Error).message})` },
      error,
    );
  }
}
