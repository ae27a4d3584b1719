import {
  formatTranscript,
  LEDGER_GROUPINGS,
  migrateToLatest,
  RecorderQueries,
  type LedgerGrouping,
  type RecorderConnection,
} from "@nucleo/recorder-postgres";
import { InvalidArgumentError, Option, type Command } from "commander";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { scrubPassword, type DatabaseTarget } from "../database/database-target.js";
import { openQueryDatabase } from "../database/open-query-database.js";
import {
  formatBenchmark,
  formatBenchmarks,
  formatLedger,
  formatSizing,
  formatTrajectory,
} from "../format/format-answers.js";
import { formatSearch } from "../format/format-search.js";
import { loadConfigOption } from "./load-config.js";

interface DatabaseOptions {
  readonly url?: string;
  readonly dataDir?: string;
  readonly config?: string;
  readonly json?: boolean;
}

/** What a query prints: the typed answer for `--json`, and its table. */
interface Answer {
  readonly json: unknown;
  readonly text: string;
}

/**
 * The commands that read the recorder's database: `trajectory`, `transcript`, `search`,
 * `ledger`, `sizing`, `benchmarks` and `migrate`. Each takes the database flags (`--url`, `--data-dir`; else
 * `DATABASE_URL`, else the worker's own PGlite folder) and `--json`, and never prints the
 * database password: URLs are shown masked and every message is scrubbed.
 */
export function addQueryCommands(program: Command, io: CliIo, state: CliState): void {
  const query = (name: string, description: string) =>
    program
      .command(name)
      .description(description)
      .option(
        "--url <url>",
        "a PostgreSQL server: postgres://user:password@host:5432/db (default: DATABASE_URL)",
      )
      .option(
        "--data-dir <dir>",
        "an embedded PGlite folder (default: the worker's, from its config)",
      )
      .option(
        "--config <file>",
        "the worker's config, for its PGlite folder (default: the bundled config/worker.json)",
      )
      .option("--json", "print the typed API's answer as JSON instead of a table");

  query(
    "trajectory",
    "a workflow's jobs as a tree, with each job's step ordinal, own and subtree cost",
  )
    .argument("<rootId>", "the workflow's id (its root job's: nucleo run prints it)")
    .action(async (rootId: string, options: DatabaseOptions) => {
      await answer(io, state, options, async (queries) => {
        const trajectory = await queries.trajectory(rootId);
        return { json: trajectory, text: formatTrajectory(trajectory) };
      });
    });

  query(
    "transcript",
    "what was said in a workflow: each job's input and output, each model call's new messages, tool calls and results, and answer",
  )
    .argument("<rootId>", "the workflow's id (its root job's: nucleo run prints it)")
    .action(async (rootId: string, options: DatabaseOptions) => {
      await answer(io, state, options, async (queries) => {
        const transcript = await queries.workflowTranscript(rootId);
        return { json: transcript, text: formatTranscript(transcript) };
      });
    });

  query(
    "search",
    "the workflows whose recorded inputs, outputs, prompts or answers match, newest first",
  )
    .argument(
      "<query>",
      'words to find: "quoted phrase", or, -excluded (PostgreSQL websearch syntax)',
    )
    .option("--limit <n>", "at most this many workflows (default 20)", (value) =>
      readLimit(value, "--limit"),
    )
    .option("--from <time>", "workflows started at or after this ISO date or time", (value) =>
      readTime(value, "--from"),
    )
    .option("--to <time>", "workflows started before this ISO date or time", (value) =>
      readTime(value, "--to"),
    )
    .action(
      async (
        text: string,
        options: DatabaseOptions & { limit?: number; from?: Date; to?: Date },
      ) => {
        const { limit, from, to } = options;
        await answer(io, state, options, async (queries) => {
          const hits = await queries.searchSaid(text, {
            ...(limit === undefined ? {} : { limit }),
            ...(from === undefined ? {} : { since: from }),
            ...(to === undefined ? {} : { until: to }),
          });
          return { json: hits, text: formatSearch(text, hits) };
        });
      },
    );

  query("ledger", "cost per group and currency")
    .addOption(
      new Option("--by <grouping>", "group by").choices(LEDGER_GROUPINGS).default("workflow"),
    )
    .option("--root <id>", "one workflow only")
    .option("--from <time>", "from this ISO date or time with its zone (inclusive)", (value) =>
      readTime(value, "--from"),
    )
    .option("--to <time>", "to this ISO date or time with its zone (exclusive)", (value) =>
      readTime(value, "--to"),
    )
    .option("--currency <code>", "one currency only")
    .action(
      async (
        options: DatabaseOptions & {
          by: LedgerGrouping;
          root?: string;
          from?: Date;
          to?: Date;
          currency?: string;
        },
      ) => {
        const { by, root, from, to, currency } = options;
        await answer(io, state, options, async (queries) => {
          const rows = await queries.costLedger({
            by,
            ...(root === undefined ? {} : { rootId: root }),
            ...(from === undefined ? {} : { from }),
            ...(to === undefined ? {} : { to }),
            ...(currency === undefined ? {} : { currency }),
          });
          return { json: rows, text: formatLedger(rows, by) };
        });
      },
    );

  query(
    "sizing",
    "the seat-sizing report: output tokens per job class (max, p95), max_tokens stops and the rung to book",
  )
    .option("--job-class <name>", "one job class only")
    .action(async (options: DatabaseOptions & { jobClass?: string }) => {
      const { jobClass } = options;
      await answer(io, state, options, async (queries) => {
        const rows = await queries.seatSizing(jobClass === undefined ? {} : { jobClass });
        return { json: rows, text: formatSizing(rows, jobClass) };
      });
    });

  query("benchmarks", "the recorded benchmark reports, or one benchmark's runs")
    .argument("[jobId]", "a benchmark's job id: its runs")
    .option("--root <id>", "the benchmarks run inside one workflow")
    .action(async (jobId: string | undefined, options: DatabaseOptions & { root?: string }) => {
      const { root } = options;
      if (jobId !== undefined && root !== undefined)
        throw new WorkerError({
          code: "usage",
          field: "--root",
          message:
            "--root lists a workflow's benchmarks: give it or a benchmark's job id, not both.",
        });
      await answer(io, state, options, async (queries) => {
        if (jobId !== undefined) {
          const report = await queries.benchmarkReport(jobId);
          return { json: report, text: formatBenchmark(report) };
        }
        const reports = await queries.benchmarkReports(root === undefined ? {} : { rootId: root });
        return { json: reports, text: formatBenchmarks(reports) };
      });
    });

  query("migrate", "create or update the recorder's tables").action(
    async (options: DatabaseOptions) => {
      await answer(
        io,
        state,
        { ...options, creates: true },
        async (_queries, connection, target) => {
          const { applied } = await migrateToLatest(connection.db);
          const text =
            applied.length === 0
              ? `${target.shown} is up to date: no migration to apply.`
              : `Migrated ${target.shown}: applied ${applied.join(", ")}.`;
          return { json: { database: target.shown, applied }, text };
        },
      );
    },
  );
}

/** Opens the database, runs one query, prints its answer and closes the database. */
async function answer(
  io: CliIo,
  state: CliState,
  options: DatabaseOptions & { readonly creates?: boolean },
  ask: (
    queries: RecorderQueries,
    connection: RecorderConnection,
    target: DatabaseTarget,
  ) => Promise<Answer>,
): Promise<void> {
  const config = await loadConfigOption(options.config, io);
  const flags = { url: options.url, dataDir: options.dataDir };
  const opened = await openQueryDatabase(
    {
      flags,
      pgliteDir: config.recorder.pgliteDir,
      creates: options.creates ?? false,
      starting: state.starting,
      onTarget: (target) => {
        state.scrub = (text) => scrubPassword(text, target);
      },
    },
    io,
  );
  try {
    const result = await ask(
      new RecorderQueries(opened.connection.db),
      opened.connection,
      opened.target,
    );
    io.stdout(options.json ? JSON.stringify(result.json, null, 2) : result.text);
  } finally {
    await opened.connection.close().catch(() => {});
  }
}

/** A whole number from 1 to 1,000, for `--limit`. */
function readLimit(value: string, flag: string): number {
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1_000)
    throw new InvalidArgumentError(`${flag} must be a whole number from 1 to 1000.`);
  return limit;
}

/** ISO 8601 only: `Date.parse` takes other shapes too, in the machine's time zone. */
function readTime(value: string, flag: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
  const time = iso.test(value) ? new Date(value.replace(" ", "T")) : undefined;
  if (time === undefined || !Number.isFinite(time.getTime()))
    throw new InvalidArgumentError(
      `${flag} must be an ISO date or a time with its zone, like 2025-01-06 or 2025-01-06T10:00:00Z.`,
    );
  return time;
}
