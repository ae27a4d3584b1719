import { stat } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { setupProblem } from "./setup-problem.js";
import type { BenchmarkSetup } from "@nucleo/benchmark";
import { describeFailure } from "./describe-failure.js";
import { schemaProblem } from "./schema-problem.js";

const hasMethod = (value: unknown, name: string): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Record<string, unknown>)[name] === "function";
const isFunction = (value: unknown): boolean => typeof value === "function";

// Checked by shape, not `instanceof`: the module may load its own copy of the Nucleo packages.
// The schema checks what the generic `BenchmarkSetup` cannot say at run time, so it is not
// its twin: the interface stays the source of the types.
const SetupShape = z.strictObject({
  dispatcher: z.custom((value) => hasMethod(value, "submit"), {
    error: "expected a JobDispatcher (an object with submit())",
  }),
  environment: z.custom(
    (value) =>
      hasMethod(value, "clientFor") && typeof (value as { picker?: unknown }).picker === "object",
    { error: "expected an LlmEnvironment (with a picker and clientFor())" },
  ),
  factory: z.custom(isFunction, {
    error: "expected a function that makes a fresh instance of the raced job",
  }),
  input: z.custom((value) => value !== undefined, { error: "expected the job's input" }),
  scorer: z
    .custom(
      (value) =>
        hasMethod(value, "score") && typeof (value as { name?: unknown }).name === "string",
      { error: "expected a Scorer ({ name, score() })" },
    )
    .optional(),
  close: z.custom(isFunction, { error: "expected a function" }).optional(),
});

/** What the CLI needs of the setup's job and values, whatever their types. */
export type LoadedSetup = BenchmarkSetup<unknown, unknown>;

/**
 * Imports a setup module, calls its default export and checks what it returned.
 *
 * @param file the module's absolute path
 * @param place how messages name it: the config file and field that point at it, and the
 * module path as the user recognises it
 * @throws {WorkerError} `config_invalid` naming the module and what is missing: no file, a module that
 * fails to load, no default export function, a function that throws, or a wrong shape.
 */
export async function loadBenchmarkSetup(
  file: string,
  place: { readonly config: string; readonly field: string; readonly module: string },
): Promise<LoadedSetup> {
  const found = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!found)
    throw setupProblem({
      file: place.config,
      field: place.field,
      problem: `no setup module at ${file}`,
    });
  const shown = place.module;
  let namespace: { default?: unknown };
  try {
    namespace = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw setupProblem(
      { file: shown, problem: `the module failed to load (${describeFailure(error)})` },
      error,
    );
  }
  const setup = namespace.default;
  if (typeof setup !== "function") {
    throw setupProblem({
      file: shown,
      problem: `expected a default export: a function that returns { dispatcher, environment, factory, input }, found ${setup === undefined ? "none" : typeof setup}`,
    });
  }
  let value: unknown;
  try {
    value = await (setup as () => unknown)();
  } catch (error) {
    throw setupProblem(
      { file: shown, problem: `the default export threw (${describeFailure(error)})` },
      error,
    );
  }
  if (typeof value !== "object" || value === null) {
    throw setupProblem({
      file: shown,
      problem: `the default export returned ${value === null ? "null" : typeof value}, expected { dispatcher, environment, factory, input }`,
    });
  }
  const parsed = SetupShape.safeParse(value);
  if (!parsed.success)
    throw setupProblem(
      schemaProblem(parsed.error, shown, {
        name: "the setup",
        fields: Object.keys(SetupShape.shape),
      }),
      parsed.error,
    );
  // The checked object is the setup itself (zod's copy would do as well); keep `this` of methods intact.
  return value as LoadedSetup;
}
