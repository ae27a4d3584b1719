import { SystemError } from "@nucleo/core";

const BENCHMARK_CLI = Symbol.for("nucleo.error.benchmark-cli");

/** Where a problem with the command's input sits, and what it is. */
export interface BenchmarkCliErrorPlace {
  /** The config file or setup module, as the user would recognise its path. */
  readonly file: string;
  /** The field within it (`times`, `candidates[1]`), when there is one. */
  readonly field?: string;
  /** What is wrong, as a sentence fragment: `expected a positive integer`. */
  readonly problem: string;
}

/**
 * The command cannot start: its config file or setup module is missing, unreadable or of the
 * wrong shape. The message names the file, the field and the problem
 * (`bench.json: "times": expected a positive integer`), and the command exits with 2.
 */
export class BenchmarkCliError extends SystemError {
  readonly file: string;
  readonly field: string | undefined;
  readonly problem: string;

  constructor(place: BenchmarkCliErrorPlace, cause?: unknown) {
    super({ code: "benchmark_setup", message: `${place.file}: ${place.field === undefined ? "" : `"${place.field}": `}${place.problem}`, cause });
    Object.defineProperty(this, BENCHMARK_CLI, { value: true });
    this.file = place.file;
    this.field = place.field;
    this.problem = place.problem;
  }

  /** True for any {@link BenchmarkCliError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is BenchmarkCliError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BENCHMARK_CLI] === true;
  }
}
