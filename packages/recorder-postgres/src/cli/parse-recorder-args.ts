import { parseArgs } from "node:util";
import { LEDGER_GROUPINGS, type LedgerGrouping } from "../queries/cost-ledger-query.js";

/** Where the command finds the database, as the command line gave it. */
export interface DatabaseFlags {
  readonly url: string | undefined;
  readonly dataDir: string | undefined;
}

/** One command the line asked for. */
export type RecorderCommand =
  | { readonly name: "migrate" }
  | { readonly name: "trajectory"; readonly rootId: string }
  | {
      readonly name: "ledger";
      readonly by: LedgerGrouping;
      readonly rootId: string | undefined;
      readonly from: Date | undefined;
      readonly to: Date | undefined;
      readonly currency: string | undefined;
    }
  | { readonly name: "sizing"; readonly jobClass: string | undefined }
  | { readonly name: "benchmarks"; readonly rootId: string | undefined }
  | { readonly name: "benchmark"; readonly jobId: string };

/** What the command line asked for. */
export type RecorderRequest =
  | { readonly kind: "help" }
  | { readonly kind: "usage-error"; readonly message: string }
  | { readonly kind: "run"; readonly command: RecorderCommand; readonly database: DatabaseFlags; readonly json: boolean };

const OPTIONS = {
  url: { type: "string" },
  "data-dir": { type: "string" },
  by: { type: "string" },
  root: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  currency: { type: "string" },
  class: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Flag = keyof typeof OPTIONS;

/** The flags each command takes beyond the database ones, `--json` and `--help`. */
const COMMAND_FLAGS: Readonly<Record<string, readonly Flag[]>> = {
  migrate: [],
  trajectory: [],
  ledger: ["by", "root", "from", "to", "currency"],
  sizing: ["class"],
  benchmarks: ["root"],
};
const COMMON_FLAGS: readonly Flag[] = ["url", "data-dir", "json", "help"];

/**
 * Reads `nucleo-recorder`'s arguments. Every mistake is a usage error naming the flag or the
 * argument at fault — an unknown flag, a flag the command does not take, a missing value, a
 * value out of range — never an exception.
 *
 * @internal
 */
export function parseRecorderArgs(argv: readonly string[]): RecorderRequest {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const [name, ...rest] = positionals;
  if (name === undefined) return usageError("expected a command: migrate, trajectory, ledger, sizing or benchmarks");
  const allowed = COMMAND_FLAGS[name];
  if (allowed === undefined) return usageError(`unknown command "${name}": expected migrate, trajectory, ledger, sizing or benchmarks`);
  for (const flag of Object.keys(values) as Flag[]) {
    if (!COMMON_FLAGS.includes(flag) && !allowed.includes(flag)) {
      const takes = allowed.length === 0 ? "takes no options" : `takes ${allowed.map((option) => `--${option}`).join(", ")}`;
      return usageError(`--${flag} is not an option of ${name} (${name} ${takes})`);
    }
  }
  if (values.url !== undefined && values["data-dir"] !== undefined) return usageError("give --url or --data-dir, not both");
  for (const flag of ["url", "data-dir", "root", "currency", "class"] as const) {
    if (values[flag] === "") return usageError(`--${flag} needs a value`);
  }
  const command = readCommand(name, rest, values);
  if (typeof command === "string") return usageError(command);
  return { kind: "run", command, database: { url: values.url, dataDir: values["data-dir"] }, json: values.json ?? false };
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

function readCommand(name: string, rest: readonly string[], values: Values): RecorderCommand | string {
  const extra = (max: number) => (rest.length > max ? `unexpected argument "${rest[max]}" after ${name}` : undefined);
  switch (name) {
    case "migrate":
      return extra(0) ?? { name };
    case "trajectory": {
      if (rest.length === 0 || rest[0] === "") return "trajectory needs the workflow's id: nucleo-recorder trajectory <rootId>";
      return extra(1) ?? { name, rootId: rest[0]! };
    }
    case "ledger": {
      const by = values.by ?? "workflow";
      if (!(LEDGER_GROUPINGS as readonly string[]).includes(by)) return `--by must be one of ${LEDGER_GROUPINGS.join(", ")} (got "${by}")`;
      const from = readTime(values.from, "from");
      const to = readTime(values.to, "to");
      if (typeof from === "string") return from;
      if (typeof to === "string") return to;
      return extra(0) ?? { name, by: by as LedgerGrouping, rootId: values.root, from, to, currency: values.currency };
    }
    case "sizing":
      return extra(0) ?? { name, jobClass: values.class };
    default: {
      if (rest.length === 0) return { name: "benchmarks", rootId: values.root };
      if (values.root !== undefined) return "--root lists a workflow's benchmarks; give it or a benchmark's job id, not both";
      return extra(1) ?? { name: "benchmark", jobId: rest[0]! };
    }
  }
}

function readTime(value: string | undefined, flag: "from" | "to"): Date | undefined | string {
  if (value === undefined) return undefined;
  // ISO 8601 only: Date.parse accepts other shapes too, in the machine's time zone.
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
  const time = iso.test(value) ? new Date(value.replace(" ", "T")) : undefined;
  if (time === undefined || !Number.isFinite(time.getTime())) {
    return `--${flag} must be an ISO date or a time with its zone, like 2025-01-06 or 2025-01-06T10:00:00Z (got "${value}")`;
  }
  return time;
}

function usageError(message: string): RecorderRequest {
  return { kind: "usage-error", message };
}
