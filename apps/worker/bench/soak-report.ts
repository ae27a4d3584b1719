/**
 * The soak's figures, from what the phases measured: one plain object (what `--json` prints)
 * and its Markdown rendering.
 */
import {
  benchReport,
  fixed,
  machineLine,
  median,
  whole,
  type ReportBlock,
} from "@nucleo/tooling/bench";
import type { PhaseResult } from "./soak-fleet.ts";
import type { SoakOptions } from "./soak-options.ts";
import {
  heapSlope,
  sumSeries,
  WaitHistogram,
  windowRates,
  worstWindow,
  type HeapSample,
} from "./soak-stats.ts";
import { SOAK_ENTRIES, type SoakProvider, type WorkflowKind } from "./soak-workload.ts";

/** Rows the recorder holds against the events its writers were handed, per table. */
export interface RowCheck {
  readonly table: string;
  readonly rows: number;
  readonly observed: number;
}

/** What the soak reports. */
export interface SoakSummary {
  readonly machine: string;
  readonly options: SoakOptions;
  readonly workflows: {
    readonly finished: number;
    readonly finishedWhileDraining: number;
    readonly failed: Readonly<Record<string, number>>;
    readonly byKind: Readonly<Record<WorkflowKind, number>>;
  };
  readonly workflowsPerSecond: {
    readonly medianOf10s: number;
    readonly overall: number;
    /** Each whole 10-s window's rate, in order. */
    readonly windows: readonly number[];
  };
  readonly processes: readonly {
    readonly tag: string;
    readonly finished: number;
    readonly medianOf10s: number;
    readonly overall: number;
    readonly heapMBPer1000Workflows: number | undefined;
    /** The heap samples: how many, and the first and last (MB after a full GC). */
    readonly heapMB: { readonly samples: number; readonly first?: number; readonly last?: number };
    readonly drainMs: number;
    readonly flushMs: number;
  }[];
  readonly seatWaitMs: {
    readonly seats: number;
    readonly p50: number;
    readonly p95: number;
    readonly p99: number;
    readonly max: number;
  };
  readonly provider: Readonly<
    Record<
      SoakProvider,
      {
        readonly entry: string;
        readonly calls: number;
        readonly requests: number;
        readonly throttled: number;
        readonly tokens: number;
        readonly limit?: {
          readonly offeredTokensPerMinute: number;
          readonly tokensPerMinute: number;
          readonly utilisation: number;
          readonly worst60sTokens: number;
          readonly worst60sOverLimit: number;
        };
      }
    >
  >;
  readonly throttleRetries: number;
  readonly recorder: { readonly tables: readonly RowCheck[]; readonly exactlyOnce: boolean };
  readonly parentHeapMBPer1000Workflows: number | undefined;
  readonly logged: { readonly warn: number; readonly error: number; readonly first: string[] };
}

/** Puts the figures together. `offered` is the calibration's tokens per minute per provider. */
export function summarise(input: {
  readonly options: SoakOptions;
  readonly main: PhaseResult;
  readonly offered: Readonly<Record<SoakProvider, number>> | undefined;
  readonly limits: Readonly<Record<SoakProvider, number>> | undefined;
  readonly rows: readonly RowCheck[];
}): SoakSummary {
  const { options, main } = input;
  const processes = main.processes;
  const waits = new WaitHistogram();
  for (const result of processes) waits.merge(result.waits);
  const combined = sumSeries(processes.map((result) => result.perSecond));
  const rates = (series: readonly number[], finished: number) => {
    const windows = windowRates(series, main.seconds, 10);
    const overall = finished / main.seconds;
    // A run shorter than one window has only its overall rate.
    return { medianOf10s: windows.length === 0 ? overall : median(windows), overall };
  };
  const finished = processes.reduce((sum, result) => sum + result.finished, 0);
  const finishedInAll = processes.reduce((sum, result) => sum + result.finishedInAll, 0);
  const failed: Record<string, number> = {};
  const byKind = { thinker: 0, one_call_tool: 0, doer: 0 };
  for (const result of processes) {
    for (const [code, count] of Object.entries(result.failed))
      failed[code] = (failed[code] ?? 0) + count;
    for (const kind of Object.keys(byKind) as WorkflowKind[]) byKind[kind] += result.byKind[kind];
  }
  const provider = {} as Record<SoakProvider, SoakSummary["provider"][SoakProvider]>;
  for (const name of Object.keys(SOAK_ENTRIES) as SoakProvider[]) {
    const view = main.providers[name];
    const limit = input.limits?.[name];
    const served = view.tokensPerSecond.slice(0, main.seconds).reduce((sum, n) => sum + n, 0);
    const worst = worstWindow(view.tokensPerSecond, 60);
    provider[name] = {
      entry: SOAK_ENTRIES[name],
      calls: processes.reduce((sum, result) => sum + result.calls[name], 0),
      requests: view.counts.requests,
      throttled: view.counts.throttled,
      tokens: view.counts.tokens,
      ...(limit === undefined
        ? {}
        : {
            limit: {
              offeredTokensPerMinute: input.offered?.[name] ?? 0,
              tokensPerMinute: limit,
              utilisation: served / ((limit * main.seconds) / 60),
              worst60sTokens: worst,
              worst60sOverLimit: worst / limit,
            },
          }),
    };
  }
  const logged = { warn: 0, error: 0, first: [] as string[] };
  for (const result of processes) {
    logged.warn += result.logged.warn;
    logged.error += result.logged.error;
    logged.first.push(...result.logged.first.slice(0, 5 - logged.first.length));
  }
  return {
    machine: machineLine(),
    options,
    workflows: { finished, finishedWhileDraining: finishedInAll - finished, failed, byKind },
    workflowsPerSecond: {
      ...rates(combined, finished),
      windows: windowRates(combined, main.seconds, 10),
    },
    processes: processes.map((result) => ({
      tag: result.tag,
      ...rates(result.perSecond, result.finished),
      finished: result.finished,
      heapMBPer1000Workflows: heapSlope(result.heap),
      heapMB: {
        samples: result.heap.length,
        ...(result.heap.length === 0
          ? {}
          : { first: result.heap[0]!.heapMB, last: result.heap.at(-1)!.heapMB }),
      },
      drainMs: result.drainMs,
      flushMs: result.flushMs,
    })),
    seatWaitMs: {
      seats: waits.total,
      p50: waits.quantile(0.5),
      p95: waits.quantile(0.95),
      p99: waits.quantile(0.99),
      max: waits.max,
    },
    provider,
    throttleRetries: processes.reduce((sum, result) => sum + result.throttleRetries, 0),
    recorder: {
      tables: input.rows,
      exactlyOnce: input.rows.every((check) => check.rows === check.observed),
    },
    parentHeapMBPer1000Workflows: heapSlope(main.parentHeap as HeapSample[]),
    logged,
  };
}

const ms = (value: number) => `${fixed(value, value < 10 ? 1 : 0)} ms`;
const slopeText = (value: number | undefined) =>
  value === undefined ? "too few samples" : `${value >= 0 ? "+" : ""}${fixed(value, 2)} MB`;

/** The summary as Markdown: the machine line, the main table, then per process and per provider. */
export function soakMarkdown(summary: SoakSummary): string {
  const { options } = summary;
  const title =
    `Soak: ${options.processes} process(es) × ${options.inFlight} workflows in flight, ` +
    `budgets ${options.budgets}, provider latency ${options.providerLatencyMs} ms, ` +
    `${options.seconds} s measured` +
    (options.limitMultiple === undefined
      ? ""
      : `, offered ${options.limitMultiple}× the limit (calibrated over ${options.calibrateSeconds} s)`);
  const failedText =
    Object.entries(summary.workflows.failed)
      .map(([code, count]) => `${code} ${whole(count)}`)
      .join(", ") || "none";
  const { byKind } = summary.workflows;
  const rows: string[][] = [
    [
      "Workflows/s, median of 10-s windows (lowest – highest)",
      `${fixed(summary.workflowsPerSecond.medianOf10s, 1)}${spread(summary.workflowsPerSecond.windows)}`,
    ],
    ["Workflows/s, overall", fixed(summary.workflowsPerSecond.overall, 1)],
    [
      "Workflows finished (thinker / one-call tool / doer)",
      `${whole(summary.workflows.finished)} (${whole(byKind.thinker)} / ${whole(byKind.one_call_tool)} / ${whole(byKind.doer)}, draining included)`,
    ],
    ["Workflows failed", failedText],
    [
      "Seat wait p50 / p95 / p99 / max",
      `${ms(summary.seatWaitMs.p50)} / ${ms(summary.seatWaitMs.p95)} / ${ms(summary.seatWaitMs.p99)} / ${ms(summary.seatWaitMs.max)} (${whole(summary.seatWaitMs.seats)} seats)`,
    ],
    [
      "429s from the mock provider (jobs re-run after one)",
      `${whole(summary.provider.openai.throttled + summary.provider.anthropic.throttled)} (${whole(summary.throttleRetries)})`,
    ],
    [
      "Recorder rows / events handed to it",
      summary.recorder.tables
        .map(
          (check) =>
            `${check.table.replace("nucleo_", "")} ${whole(check.rows)}/${whole(check.observed)} ${check.rows === check.observed ? "✅" : "❌"}`,
        )
        .join(", "),
    ],
    ["Logged warnings / errors", `${whole(summary.logged.warn)} / ${whole(summary.logged.error)}`],
  ];
  if (options.heap)
    rows.push(
      ...summary.processes.map((process) => [
        `Heap slope, ${process.tag} (per 1,000 workflows, second half of ${process.heapMB.samples} samples)`,
        `${slopeText(process.heapMBPer1000Workflows)}${process.heapMB.first === undefined ? "" : ` (${fixed(process.heapMB.first, 1)} → ${fixed(process.heapMB.last!, 1)} MB)`}`,
      ]),
    );
  if (options.heap && options.processes > 1)
    rows.push([
      "Heap slope, parent (the mock provider; per 1,000 fleet workflows)",
      slopeText(summary.parentHeapMBPer1000Workflows),
    ]);
  const blocks: ReportBlock[] = [
    title,
    { columns: [{ title: "Measure" }, { title: "Figure", align: "right" }], rows },
  ];
  if (options.processes > 1)
    blocks.push({
      columns: [
        { title: "Process" },
        { title: "Workflows", align: "right" },
        { title: "Median of 10-s windows /s", align: "right" },
        { title: "Overall /s", align: "right" },
        { title: "Drain", align: "right" },
        { title: "Recorder flush", align: "right" },
      ],
      rows: summary.processes.map((process) => [
        process.tag,
        whole(process.finished),
        fixed(process.medianOf10s, 1),
        fixed(process.overall, 1),
        ms(process.drainMs),
        ms(process.flushMs),
      ]),
    });
  blocks.push({
    columns: [
      { title: "Provider (entry)" },
      { title: "Model calls", align: "right" },
      { title: "Requests served", align: "right" },
      { title: "Tokens", align: "right" },
      { title: "429s", align: "right" },
      ...(options.limitMultiple === undefined
        ? []
        : [
            { title: "Offered TPM", align: "right" as const },
            { title: "Limit TPM", align: "right" as const },
            { title: "Utilisation", align: "right" as const },
            { title: "Worst 60-s window / limit", align: "right" as const },
          ]),
    ],
    rows: (Object.keys(summary.provider) as SoakProvider[]).map((name) => {
      const view = summary.provider[name];
      return [
        `${name} (${view.entry})`,
        whole(view.calls),
        whole(view.requests),
        whole(view.tokens),
        whole(view.throttled),
        ...(view.limit === undefined
          ? []
          : [
              whole(view.limit.offeredTokensPerMinute),
              whole(view.limit.tokensPerMinute),
              `${fixed(view.limit.utilisation * 100, 1)}%`,
              `${fixed(view.limit.worst60sOverLimit * 100, 1)}%${options.seconds < 60 ? " (run < 60 s)" : ""}`,
            ]),
      ];
    }),
  });
  blocks.push([
    `- Each process keeps ${options.inFlight} workflows in flight, in turn a thinker reading a 5–50 KB report (2 calls, OpenAI wire), a one-call tool (1 call, Anthropic wire) and the digest_document doer (4 parallel calls, Anthropic wire); recorder and ${options.budgets === "postgres" ? "shared budgets" : "nothing else"} on a throwaway PostgreSQL server (fsync off).`,
    ...(seatsCollide(summary)
      ? ["- ❌ Fewer seat rows than seats: a seat was recorded twice under one id, or not at all."]
      : []),
    ...summary.logged.first.map((line) => `- Logged: ${line}`),
  ]);
  return benchReport(...blocks);
}

function seatsCollide(summary: SoakSummary): boolean {
  const seats = summary.recorder.tables.find((check) => check.table === "nucleo_seats");
  return seats !== undefined && seats.rows < seats.observed;
}

function spread(windows: readonly number[]): string {
  if (windows.length < 2) return "";
  return ` (${fixed(Math.min(...windows), 1)} – ${fixed(Math.max(...windows), 1)})`;
}
