import { dirname, isAbsolute, relative, resolve } from "node:path";
import { Benchmark } from "../benchmark/benchmark.js";
import { formatReportTable } from "../report/format-report-table.js";
import { plainText } from "../report/plain-text.js";
import { BenchmarkCliError } from "./benchmark-cli-error.js";
import type { CliStream } from "./cli-stream.js";
import { readBenchmarkConfig, type BenchmarkConfig } from "./benchmark-config.js";
import { USAGE } from "./cli-usage.js";
import { describeFailure } from "./describe-failure.js";
import { loadBenchmarkSetup, type LoadedSetup } from "./load-benchmark-setup.js";
import { parseCliArgs } from "./parse-cli-args.js";
import { createProgressDisplay } from "./progress-display.js";
import { writeReports } from "./write-reports.js";

/** The command's surroundings, injected so a test runs it in-process. */
export interface BenchmarkCliIo {
  /** The table and where the reports went. */
  readonly stdout: CliStream;
  /** Progress, usage and errors. */
  readonly stderr: CliStream;
  /** What relative paths on the command line are resolved against. */
  readonly cwd: string;
}

/** Exit statuses: done; the benchmark (or closing the setup) failed; bad usage or config. */
export const EXIT_CODES = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * `nucleo-benchmark <config.json> [--out-dir DIR] [--quiet]`: loads the config and its setup
 * module, races the job, prints the report's table on stdout, writes it as JSON and Markdown,
 * and resolves to the exit status (see {@link EXIT_CODES}). The setup's `close` is called at
 * the end, whatever happened.
 *
 * @example
 * process.exitCode = await runBenchmarkCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
 */
export async function runBenchmarkCli(argv: readonly string[], io: BenchmarkCliIo): Promise<number> {
  const request = parseCliArgs(argv);
  if (request.kind === "help") {
    io.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  if (request.kind === "usage-error") {
    io.stderr.write(`${errorLine(request.message)}\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  const configPath = resolve(io.cwd, request.config);
  let setup: LoadedSetup | undefined;
  let code: number;
  try {
    const config = await readBenchmarkConfig(configPath, request.config);
    const modulePath = resolve(dirname(configPath), config.setup);
    const shownModule = shownPath(io.cwd, modulePath);
    setup = await loadBenchmarkSetup(modulePath, { config: request.config, field: "setup", module: shownModule });
    checkCandidates(config, setup, request.config);
    const outDir = request.outDir === undefined ? dirname(configPath) : resolve(io.cwd, request.outDir);
    code = await race({ config, setup, shownModule, outDir, quiet: request.quiet, io });
  } catch (error) {
    const usage = BenchmarkCliError.isInstance(error);
    // A usage error's message already names the file and field; its code would only be noise.
    io.stderr.write(errorLine(usage ? error.message : describeFailure(error)));
    code = usage ? EXIT_CODES.usage : EXIT_CODES.failed;
  }
  return setup?.close === undefined ? code : Math.max(code, await closeSetup(setup, io));
}

interface RaceOptions {
  readonly config: BenchmarkConfig;
  readonly setup: LoadedSetup;
  readonly shownModule: string;
  readonly outDir: string;
  readonly quiet: boolean;
  readonly io: BenchmarkCliIo;
}

async function race({ config, setup, shownModule, outDir, quiet, io }: RaceOptions): Promise<number> {
  const display = createProgressDisplay(io.stderr, quiet ? "off" : io.stderr.isTTY ? "bar" : "lines");
  // The benchmark logs its table as it ends, while the bar may still be drawn: keep it, and
  // print it once the bar has stopped.
  let logged: string | undefined;
  let benchmark: Benchmark<unknown, unknown>;
  try {
    benchmark = new Benchmark({
      factory: () => setup.factory(),
      environment: setup.environment,
      ...(config.grade === undefined ? {} : { grade: config.grade }),
      times: config.times,
      candidates: config.candidates,
      scorer: setup.scorer,
      runTimeoutMs: config.runTimeoutMs,
      judgeTimeoutMs: config.judgeTimeoutMs,
      onProgress: display.onProgress,
      log: (table) => {
        logged = table;
      },
    });
  } catch (error) {
    throw new BenchmarkCliError({ file: shownModule, problem: `cannot build the benchmark from this setup (${describeFailure(error)})` }, error);
  }
  let failure: { readonly error: unknown } | undefined;
  try {
    await setup.dispatcher.submit(benchmark, setup.input);
  } catch (error) {
    failure = { error };
  } finally {
    display.stop();
  }
  // A benchmark whose reference failed still has its report: print and write it, then fail.
  const report = benchmark.report();
  if (report !== undefined) {
    io.stdout.write(`${logged ?? formatReportTable(report)}\n\n`);
    const written = await writeReports(report, { outDir, json: config.json, markdown: config.markdown });
    io.stdout.write(`Wrote ${shownPath(io.cwd, written.json)}\nWrote ${shownPath(io.cwd, written.markdown)}\n`);
  }
  if (failure !== undefined) {
    io.stderr.write(errorLine(`the benchmark failed: ${describeFailure(failure.error)}`));
    return EXIT_CODES.failed;
  }
  return EXIT_CODES.ok;
}

/** Refuses an unknown or out-of-envelope candidate before anything runs, naming the config's field. */
function checkCandidates(config: BenchmarkConfig, setup: LoadedSetup, shownConfig: string): void {
  config.candidates?.forEach((entryId, index) => {
    try {
      setup.environment.picker.pinned(entryId);
    } catch (error) {
      throw new BenchmarkCliError({ file: shownConfig, field: `candidates[${index}]`, problem: describeFailure(error, { withCode: false }) }, error);
    }
  });
}

async function closeSetup(setup: LoadedSetup, io: BenchmarkCliIo): Promise<number> {
  try {
    // Called on the setup, so a class-based setup keeps its `this`.
    await setup.close?.();
    return EXIT_CODES.ok;
  } catch (error) {
    io.stderr.write(errorLine(`the setup's close() failed: ${describeFailure(error)}`));
    return EXIT_CODES.failed;
  }
}

/**
 * An error line for stderr. Its message may carry a model's or a setup's words (an error from
 * the setup module, a path): plain text, so it cannot drive the terminal.
 */
function errorLine(message: string): string {
  return `nucleo-benchmark: ${plainText(message)}\n`;
}

/** A path relative to the working folder when it is inside it, else absolute. */
function shownPath(cwd: string, path: string): string {
  const inside = relative(cwd, path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}
