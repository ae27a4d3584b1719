/**
 * The soak's parent: reads the options, starts a throwaway PostgreSQL server, runs the phases
 * (a calibration first with `--limit-multiple`), checks the recorder's rows, prints the
 * figures, and stops the server. Started with `--child`, it is one of the parent's worker
 * processes instead.
 */
import { openRecorderDatabase, type RecorderConnection } from "@nucleo/recorder-postgres";
import { startThrowawayPostgres } from "@nucleo/tooling/postgres";
import { runPhase, serveAsChild, type PhaseResult } from "./soak-fleet.ts";
import { parseSoakOptions, SOAK_USAGE, SoakUsageError, type SoakOptions } from "./soak-options.ts";
import { soakMarkdown, summarise, type RowCheck } from "./soak-report.ts";
import { SOAK_ENTRIES, type SoakProvider } from "./soak-workload.ts";

const PROVIDERS = Object.keys(SOAK_ENTRIES) as SoakProvider[];

async function main(args: readonly string[]): Promise<void> {
  let options: SoakOptions | undefined;
  try {
    options = parseSoakOptions(args);
    if (options?.heap && typeof (globalThis as { gc?: unknown }).gc !== "function")
      throw new SoakUsageError(
        "--heap samples the heap after a full GC: run node with --expose-gc (the bench script does)",
      );
  } catch (error) {
    if (!(error instanceof SoakUsageError)) throw error;
    console.error(`soak: ${error.message}\n\n${SOAK_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === undefined) {
    console.log(SOAK_USAGE);
    return;
  }
  const server = await startThrowawayPostgres();
  try {
    // Opened (and migrated) once here, before the processes open it at the same moment.
    const connection = await openRecorderDatabase({ url: server.url });
    try {
      await soak(options, server.url, connection);
    } finally {
      await connection.close();
    }
  } finally {
    await server.dispose();
  }
}

async function soak(
  options: SoakOptions,
  databaseUrl: string,
  connection: RecorderConnection,
): Promise<void> {
  const phases: PhaseResult[] = [];
  let offered: Record<SoakProvider, number> | undefined;
  let limits: Record<SoakProvider, number> | undefined;
  if (options.limitMultiple !== undefined) {
    console.error(
      `soak: measuring the offered load, without a binding limit, for ${options.calibrateSeconds} s`,
    );
    const calibration = await runPhase({
      options,
      databaseUrl,
      seconds: options.calibrateSeconds,
      idSuffix: "-calibration",
      tokensPerMinute: undefined,
    });
    phases.push(calibration);
    offered = offeredPerMinute(calibration);
    const multiple = options.limitMultiple;
    limits = Object.fromEntries(
      PROVIDERS.map((provider) => [
        provider,
        Math.max(1, Math.round(offered![provider] / multiple)),
      ]),
    ) as Record<SoakProvider, number>;
    console.error(
      `soak: offered ${PROVIDERS.map((provider) => `${provider} ${Math.round(offered![provider])}`).join(", ")} tokens/min; limits ${JSON.stringify(limits)}`,
    );
  }
  console.error(`soak: running for ${options.seconds} s`);
  const main = await runPhase({
    options,
    databaseUrl,
    seconds: options.seconds,
    idSuffix: "",
    tokensPerMinute: limits,
  });
  phases.push(main);
  const rows = await countRows(connection, phases);
  const summary = summarise({ options, main, offered, limits, rows });
  console.log(options.json ? JSON.stringify(summary, null, 2) : soakMarkdown(summary));
}

/** Tokens per minute each provider served in a phase, its first third (warm-up) left out. */
function offeredPerMinute(phase: PhaseResult): Record<SoakProvider, number> {
  const skip = Math.floor(phase.seconds / 3);
  const seconds = phase.seconds - skip;
  return Object.fromEntries(
    PROVIDERS.map((provider) => {
      const served = phase.providers[provider].tokensPerSecond
        .slice(skip, phase.seconds)
        .reduce((sum, tokens) => sum + tokens, 0);
      return [provider, (served / seconds) * 60];
    }),
  ) as Record<SoakProvider, number>;
}

/**
 * The recorder's rows per table against the events its writers were handed in every phase:
 * equal when each event was written exactly once.
 */
async function countRows(
  connection: RecorderConnection,
  phases: readonly PhaseResult[],
): Promise<RowCheck[]> {
  const results = phases.flatMap((phase) => phase.processes);
  const observed = (key: "jobs" | "modelCalls" | "seats") =>
    results.reduce((sum, result) => sum + result.observed[key], 0);
  const tables = [
    ["nucleo_jobs", observed("jobs")],
    ["nucleo_model_calls", observed("modelCalls")],
    ["nucleo_seats", observed("seats")],
  ] as const;
  const checks: RowCheck[] = [];
  for (const [table, count] of tables) {
    const row = await connection.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("rows"))
      .executeTakeFirstOrThrow();
    checks.push({ table, rows: Number(row.rows), observed: count });
  }
  return checks;
}

if (process.argv.includes("--child")) serveAsChild();
else await main(process.argv.slice(2));
