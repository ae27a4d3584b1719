/**
 * The soak benchmark's command line: what it reads, the defaults, and the refusals, each
 * naming the option at fault.
 */
import { parseArgs } from "node:util";

/** Where the seat budgets live: this process's memory, or the recorder's PostgreSQL server. */
export type BudgetsMode = "process" | "postgres";

/** What one soak run is asked to do. */
export interface SoakOptions {
  /** How long the measured phase runs. */
  readonly seconds: number;
  /** Workflows each process keeps in flight. */
  readonly inFlight: number;
  readonly budgets: BudgetsMode;
  /** Worker processes on the same database and mock provider. */
  readonly processes: number;
  /** Real milliseconds the mock provider waits before each answer. */
  readonly providerLatencyMs: number;
  /** The offered load as a multiple of each entry's tokens-per-minute limit; none: no binding limit. */
  readonly limitMultiple: number | undefined;
  /** How long the unlimited phase that measures the offered load runs (with `limitMultiple`). */
  readonly calibrateSeconds: number;
  /** Sample the heap after GC. */
  readonly heap: boolean;
  /** Workflows (per process) between two heap samples. */
  readonly heapEvery: number;
  readonly json: boolean;
}

/** The command line was wrong: the message names the option; the process exits 2. */
export class SoakUsageError extends Error {
  override readonly name = "SoakUsageError";
}

/** What `--help` prints. */
export const SOAK_USAGE = `Usage: node --expose-gc bench/soak.ts [options]   (or pnpm --filter @nucleo/worker bench [options])

The worker's soak: workflows kept in flight on the worker's own pieces, the OpenAI and
Anthropic clients over HTTP to the mock provider, the Postgres recorder on a throwaway
PostgreSQL server. Build first: pnpm turbo run build --filter=@nucleo/worker...

  --seconds N               measured seconds (default 30)
  --in-flight N             workflows in flight per process (default 32)
  --budgets process|postgres  seat budgets in each process, or shared through PostgreSQL (default postgres)
  --processes N             worker processes on one database and one mock provider (default 1)
  --provider-latency-ms N   the mock provider's delay before each answer (default 0)
  --limit-multiple X        offer X times each entry's tokens-per-minute limit (measured first, unlimited)
  --calibrate-seconds N     how long that first, unlimited phase runs; its first third is
                            warm-up, left out of the measure (default 30)
  --heap                    sample the heap after GC (needs node --expose-gc) and report its slope
  --heap-every N            workflows per process between heap samples (default 250)
  --json                    print the figures as JSON instead of Markdown
  --help                    this text`;

/** Parses `args` (without node and the script). Returns `undefined` for `--help`. */
export function parseSoakOptions(args: readonly string[]): SoakOptions | undefined {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      // pnpm hands on the `--` of `pnpm bench -- --seconds 60`: options follow it all the same.
      args: args[0] === "--" ? args.slice(1) : [...args],
      strict: true,
      allowPositionals: false,
      options: {
        seconds: { type: "string" },
        "in-flight": { type: "string" },
        budgets: { type: "string" },
        processes: { type: "string" },
        "provider-latency-ms": { type: "string" },
        "limit-multiple": { type: "string" },
        "calibrate-seconds": { type: "string" },
        heap: { type: "boolean" },
        "heap-every": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
        // Set by the parent on the processes it starts; not for people.
        child: { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new SoakUsageError((error as Error).message);
  }
  if (values.help === true) return undefined;
  const budgets = values.budgets ?? "postgres";
  if (budgets !== "process" && budgets !== "postgres")
    throw new SoakUsageError(
      `--budgets expects process or postgres, got ${JSON.stringify(budgets)}`,
    );
  const limit = values["limit-multiple"];
  return {
    seconds: wholeNumber(values.seconds, "--seconds", 30, 1),
    inFlight: wholeNumber(values["in-flight"], "--in-flight", 32, 1),
    budgets,
    processes: wholeNumber(values.processes, "--processes", 1, 1),
    providerLatencyMs: wholeNumber(values["provider-latency-ms"], "--provider-latency-ms", 0, 0),
    limitMultiple: limit === undefined ? undefined : positiveNumber(limit, "--limit-multiple"),
    calibrateSeconds: wholeNumber(values["calibrate-seconds"], "--calibrate-seconds", 30, 6),
    heap: values.heap === true,
    heapEvery: wholeNumber(values["heap-every"], "--heap-every", 250, 1),
    json: values.json === true,
  };
}

function wholeNumber(
  value: string | boolean | undefined,
  option: string,
  fallback: number,
  least: number,
): number {
  if (value === undefined) return fallback;
  const parsed = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < least)
    throw new SoakUsageError(
      `${option} expects a whole number of ${least} or more, got ${JSON.stringify(value)}`,
    );
  return parsed;
}

function positiveNumber(value: string | boolean, option: string): number {
  const parsed = typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new SoakUsageError(`${option} expects a number above 0, got ${JSON.stringify(value)}`);
  return parsed;
}
