import { parseArgs } from "node:util";
import { WorkerError } from "../worker-error.js";

/** What the command line asks for. */
export type WorkerCommand =
  | { readonly kind: "help" }
  | { readonly kind: "examples"; readonly config?: string; readonly tenant?: string }
  | { readonly kind: "run"; readonly config?: string; readonly workflow: string; readonly input?: string; readonly tenant?: string }
  | { readonly kind: "list"; readonly config?: string }
  | { readonly kind: "sizing"; readonly config?: string; readonly jobClass?: string };

const OPTIONS = {
  config: { type: "string" },
  input: { type: "string" },
  tenant: { type: "string" },
  "job-class": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Which options each command takes, besides `--config`. */
const ACCEPTS: Readonly<Record<string, readonly string[]>> = {
  examples: ["tenant"],
  run: ["input", "tenant"],
  list: [],
  sizing: ["job-class"],
};

/**
 * Reads the command line.
 *
 * @throws {WorkerError} `usage` naming the unknown option, command or missing argument.
 */
export function parseCommand(argv: readonly string[]): WorkerCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; args: string[] }>>;
  try {
    // `pnpm worker -- run ...` may hand the separator on: a leading one is not an end of options.
    const args = argv[0] === "--" ? argv.slice(1) : [...argv];
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new WorkerError({ code: "usage", message: (error as Error).message, cause: error });
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const [command = "examples", ...rest] = positionals;
  const accepted = ACCEPTS[command];
  if (accepted === undefined) throw usage(`Unknown command ${JSON.stringify(command)}: expected examples, run, list or sizing.`, "command");
  for (const option of ["input", "tenant", "job-class"] as const) {
    if (values[option] !== undefined && !accepted.includes(option)) throw usage(`The ${command} command takes no --${option}.`, `--${option}`);
  }
  const config = values.config === undefined ? {} : { config: values.config };
  const tenant = values.tenant === undefined ? {} : { tenant: values.tenant };
  if (values.tenant !== undefined && values.tenant.trim() === "") throw usage("--tenant needs a non-empty id.", "--tenant");
  if (command === "run") {
    if (rest.length !== 1) throw usage(rest.length === 0 ? "run needs the workflow's name: run <workflow> (see the list command)." : `run takes one workflow, got ${rest.length}.`, "workflow");
    return { kind: "run", workflow: rest[0]!, ...config, ...tenant, ...(values.input === undefined ? {} : { input: values.input }) };
  }
  if (rest.length > 0) throw usage(`The ${command} command takes no arguments (got ${JSON.stringify(rest[0])}).`, "command");
  if (command === "list") return { kind: "list", ...config };
  if (command === "sizing") return { kind: "sizing", ...config, ...(values["job-class"] === undefined ? {} : { jobClass: values["job-class"] }) };
  return { kind: "examples", ...config, ...tenant };
}

function usage(message: string, field: string): WorkerError {
  return new WorkerError({ code: "usage", field, message });
}
