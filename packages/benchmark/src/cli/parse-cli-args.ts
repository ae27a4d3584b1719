import { parseArgs } from "node:util";

/** What the command line asked for. */
export type CliRequest =
  | { readonly kind: "help" }
  | { readonly kind: "usage-error"; readonly message: string }
  | { readonly kind: "run"; readonly config: string; readonly outDir: string | undefined; readonly quiet: boolean };

/**
 * Reads `nucleo-benchmark`'s arguments: one config file, `--out-dir DIR`, `--quiet`, `--help`.
 * Unknown flags and a missing or extra config file are usage errors, not exceptions.
 *
 * @internal
 */
export function parseCliArgs(argv: readonly string[]): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { "out-dir": { type: "string" }, quiet: { type: "boolean", short: "q" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return { kind: "usage-error", message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (positionals.length !== 1) {
    return { kind: "usage-error", message: positionals.length === 0 ? "expected a config file" : `expected one config file, got ${positionals.length}: ${positionals.join(" ")}` };
  }
  return { kind: "run", config: positionals[0]!, outDir: values["out-dir"], quiet: values.quiet ?? false };
}
