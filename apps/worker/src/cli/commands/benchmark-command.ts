import { dirname, isAbsolute, relative, resolve } from "node:path";
import { Benchmark, formatReportTable, reportToJson } from "@nucleo/benchmark";
import type { Command } from "commander";
import { stopIfSignalled } from "../../shutdown/watch-startup-signals.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { readBenchmarkConfig, type BenchmarkConfig } from "../benchmark/benchmark-config.js";
import { describeFailure } from "../benchmark/describe-failure.js";
import { loadBenchmarkSetup, type LoadedSetup } from "../benchmark/load-benchmark-setup.js";
import { createProgressDisplay } from "../benchmark/progress-display.js";
import { setupProblem } from "../benchmark/setup-problem.js";
import { writeReports } from "../benchmark/write-reports.js";

interface BenchmarkFlags {
  readonly outDir?: string;
  readonly quiet?: boolean;
  readonly json?: boolean;
}

/**
 * `nucleo benchmark <config.json>`: loads the config and its setup module, races the job across
 * every model of its grade (progress on stderr: a bar on a terminal, a line per step
 * elsewhere), prints the report's table (or with `--json` the report itself), writes it as JSON
 * and Markdown, and exits 0, 1 when the benchmark failed (the report is still written), or 2
 * for a bad config or setup. The setup's `close` is called at the end, whatever happened.
 */
export function addBenchmarkCommand(program: Command, io: CliIo, state: CliState): void {
  program
    .command("benchmark")
    .description(
      "race a model-dependent job across every model of its grade, judged blind against a reference run; writes the report as JSON and Markdown",
    )
    .argument(
      "<config.json>",
      '{ "setup": "./setup.ts", "times"?, "candidates"?, "grade"?, "runTimeoutMs"?, "judgeTimeoutMs"?, "json"?, "markdown"? }; "setup" is relative to the config file, ' +
        "and its default export returns { dispatcher, environment, factory, input, scorer?, close? }",
    )
    .option("--out-dir <dir>", "where the reports go (default: the config file's folder)")
    .option("-q, --quiet", "no progress on stderr")
    .option("--json", "print the report as JSON on stdout instead of its table")
    .action(async (shownConfig: string, flags: BenchmarkFlags) => {
      // The race is the setup's to stop: a signal ends the process as it ends any program.
      stopIfSignalled(state.starting.signal);
      state.starting.stop();
      const configPath = resolve(io.callerCwd, shownConfig);
      let setup: LoadedSetup | undefined;
      try {
        const config = await readBenchmarkConfig(configPath, shownConfig);
        const modulePath = resolve(dirname(configPath), config.setup);
        const shownModule = shownPath(io.callerCwd, modulePath);
        setup = await loadBenchmarkSetup(modulePath, {
          config: shownConfig,
          field: "setup",
          module: shownModule,
        });
        checkCandidates(config, setup, shownConfig);
        const outDir =
          flags.outDir === undefined ? dirname(configPath) : resolve(io.callerCwd, flags.outDir);
        state.code = await race({ config, setup, shownModule, outDir, flags, io });
      } finally {
        if (setup?.close !== undefined) await closeSetup(setup, io, state);
      }
    });
}

interface RaceOptions {
  readonly config: BenchmarkConfig;
  readonly setup: LoadedSetup;
  readonly shownModule: string;
  readonly outDir: string;
  readonly flags: BenchmarkFlags;
  readonly io: CliIo;
}

async function race({
  config,
  setup,
  shownModule,
  outDir,
  flags,
  io,
}: RaceOptions): Promise<number> {
  const lines = { write: (chunk: string) => io.stderr(chunk.replace(/\n$/, "")) };
  // With --json the output is for a script: no bar and no step lines, on stdout or stderr.
  const display =
    flags.quiet || flags.json === true
      ? createProgressDisplay(lines, "off")
      : io.progress?.isTTY
        ? createProgressDisplay(io.progress, "bar")
        : createProgressDisplay(lines, "lines");
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
    throw setupProblem(
      {
        file: shownModule,
        problem: `cannot build the benchmark from this setup (${describeFailure(error)})`,
      },
      error,
    );
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
    if (flags.json) io.stdout(reportToJson(report));
    else io.stdout(`${logged ?? formatReportTable(report)}\n`);
    const written = await writeReports(report, {
      outDir,
      json: config.json,
      markdown: config.markdown,
    });
    (flags.json ? io.stderr : io.stdout)(
      `Wrote ${shownPath(io.callerCwd, written.json)}\nWrote ${shownPath(io.callerCwd, written.markdown)}`,
    );
  }
  if (failure !== undefined) {
    io.stderr(`nucleo: the benchmark failed: ${describeFailure(failure.error)}`);
    return 1;
  }
  return 0;
}

/** Refuses an unknown or out-of-envelope candidate before anything runs, naming the config's field. */
function checkCandidates(config: BenchmarkConfig, setup: LoadedSetup, shownConfig: string): void {
  config.candidates?.forEach((entryId, index) => {
    try {
      setup.environment.picker.pinned(entryId);
    } catch (error) {
      throw setupProblem(
        {
          file: shownConfig,
          field: `candidates[${index}]`,
          problem: describeFailure(error, { withCode: false }),
        },
        error,
      );
    }
  });
}

async function closeSetup(setup: LoadedSetup, io: CliIo, state: CliState): Promise<void> {
  try {
    // Called on the setup, so a class-based setup keeps its `this`.
    await setup.close?.();
  } catch (error) {
    io.stderr(`nucleo: the setup's close() failed: ${describeFailure(error)}`);
    state.code = Math.max(state.code, 1);
  }
}

/** A path relative to the working folder when it is inside it, else absolute. */
function shownPath(cwd: string, path: string): string {
  const inside = relative(cwd, path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}
