/**
 * One worker process of the soak: the worker's recorder on the PostgreSQL server, a
 * `CatalogAdmission` (budgets in the process, or shared through the recorder's database), the
 * OpenAI and Anthropic clients over HTTP to the mock provider, one dispatcher — and
 * `inFlight` workflows kept running until the deadline.
 */
import { CatalogAdmission } from "@nucleo/catalog";
import { ConversationService, LlmEnvironment } from "@nucleo/conversation";
import { JobDispatcher, type Logger, type RunEvent, type RunObserver } from "@nucleo/core";
import { AnthropicClient } from "@nucleo/provider-anthropic";
import { OpenAiClient } from "@nucleo/provider-openai";
import { openRecorder } from "../src/compose/recorder-setup.ts";
import type { BudgetsMode } from "./soak-options.ts";
import { addAt, WaitHistogram, type HeapSample, type HistogramData } from "./soak-stats.ts";
import {
  providerOf,
  soakCatalog,
  startSoakWorkflow,
  WORKFLOW_KINDS,
  type SoakProvider,
  type WorkflowKind,
} from "./soak-workload.ts";

/** What a soak process is told by the parent (plain JSON: it crosses the IPC channel). */
export interface ProcessSettings {
  /** `p1`, `p2`, ...: names the process in the report and seeds its reports' ids. */
  readonly tag: string;
  readonly databaseUrl: string;
  readonly openaiBaseUrl: string;
  readonly anthropicBaseUrl: string;
  readonly budgets: BudgetsMode;
  readonly inFlight: number;
  /** Appended to the catalog's entry ids for this phase. */
  readonly idSuffix: string;
  /** Each provider's entry's limit; without it, limits no run reaches. */
  readonly tokensPerMinute: Readonly<Record<SoakProvider, number>> | undefined;
  /** Workflows between two heap samples; `undefined`: no samples. */
  readonly heapEvery: number | undefined;
}

/** What a soak process measured (plain JSON). */
export interface ProcessResult {
  readonly tag: string;
  /** Workflows finished (ok or failed) between go and the deadline. */
  readonly finished: number;
  /** Also counting those that finished while the process drained after the deadline. */
  readonly finishedInAll: number;
  /** Failed workflows by error code. */
  readonly failed: Readonly<Record<string, number>>;
  readonly byKind: Readonly<Record<WorkflowKind, number>>;
  /** Workflows finished in each second after go. */
  readonly perSecond: readonly number[];
  /** Seat waits from `seat.reserved` (ms). */
  readonly waits: HistogramData;
  /** Model calls per provider, as the clients reported them. */
  readonly calls: Readonly<Record<SoakProvider, number>>;
  /** Jobs re-run after a provider's 429. */
  readonly throttleRetries: number;
  /** Events the recorder was handed: jobs submitted, model calls, seats reserved. */
  readonly observed: { readonly jobs: number; readonly modelCalls: number; readonly seats: number };
  readonly heap: readonly HeapSample[];
  /** Messages the admission, the dispatcher and the recorder logged, by level; the first few. */
  readonly logged: { readonly warn: number; readonly error: number; readonly first: string[] };
  /** From the deadline until the last workflow in flight settled. */
  readonly drainMs: number;
  /** How long the recorder's close took (writing what it still buffered). */
  readonly flushMs: number;
}

/** A process set up and waiting for the word go. */
export interface PreparedProcess {
  /** Runs workflows from `go` until `deadline` (epoch ms), drains, flushes the recorder. */
  run(
    go: number,
    deadline: number,
    onProgress?: (finished: number) => void,
  ): Promise<ProcessResult>;
}

/** Opens the recorder and builds the admission, the clients and the dispatcher. */
export async function prepareSoakProcess(settings: ProcessSettings): Promise<PreparedProcess> {
  const logged = { warn: 0, error: 0, first: [] as string[] };
  const logger = countingLogger(settings.tag, logged);
  const recorder = await openRecorder({
    url: settings.databaseUrl,
    pgliteDir: "unused",
    cwd: process.cwd(),
    logger,
  });
  const catalog = await soakCatalog({
    idSuffix: settings.idSuffix,
    tokensPerMinute: settings.tokensPerMinute,
  });
  const shared = settings.budgets === "postgres" ? recorder.budgets : undefined;
  const admission = new CatalogAdmission({ catalog, logger, ...(shared ? { shared } : {}) });
  // Placeholders: the mock records whether a key came, and these are no one's keys.
  const openai = new OpenAiClient({
    apiKey: "mock-provider-no-key",
    baseURL: settings.openaiBaseUrl,
  });
  const anthropic = new AnthropicClient({
    apiKey: "mock-provider-no-key",
    baseURL: settings.anthropicBaseUrl,
  });
  const environment = LlmEnvironment.from(admission, {
    openai,
    "openai-compatible": openai,
    anthropic,
  });
  const stats = new SoakObserver();
  const dispatcher = new JobDispatcher({
    admission,
    observers: [recorder.recorder, stats],
    logger,
  });
  const services = {
    environment,
    conversations: new ConversationService({ store: recorder.conversations, environment }),
  };

  return {
    async run(go, deadline, onProgress) {
      const perSecond: number[] = [];
      const failed: Record<string, number> = {};
      const byKind = Object.fromEntries(WORKFLOW_KINDS.map((kind) => [kind, 0])) as Record<
        WorkflowKind,
        number
      >;
      const heap: HeapSample[] = [];
      let next = 0;
      let finished = 0;
      let finishedInAll = 0;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, go - Date.now())));
      const progress = setInterval(() => onProgress?.(finishedInAll), 1_000);
      const loop = async (): Promise<void> => {
        while (Date.now() < deadline) {
          const { kind, start } = startSoakWorkflow(next++, settings.tag, services);
          try {
            await dispatcher.submit(start.job, start.input);
          } catch (error) {
            const code = String((error as { code?: unknown }).code ?? (error as Error).name);
            failed[code] = (failed[code] ?? 0) + 1;
          }
          const now = Date.now();
          finishedInAll += 1;
          byKind[kind] += 1;
          if (now <= deadline) {
            finished += 1;
            addAt(perSecond, Math.floor((now - go) / 1_000), 1);
          }
          if (settings.heapEvery !== undefined && finishedInAll % settings.heapEvery === 0)
            heap.push(sampleHeap(finishedInAll));
        }
      };
      await Promise.all(Array.from({ length: settings.inFlight }, loop));
      const drainMs = Math.max(0, Date.now() - deadline);
      clearInterval(progress);
      onProgress?.(finishedInAll);
      const closing = Date.now();
      await recorder.close();
      return {
        tag: settings.tag,
        finished,
        finishedInAll,
        failed,
        byKind,
        perSecond,
        waits: stats.waits.toJSON(),
        calls: stats.calls,
        throttleRetries: stats.throttleRetries,
        observed: stats.observed,
        heap,
        logged,
        drainMs,
        flushMs: Date.now() - closing,
      };
    },
  };
}

/** Counts what the run reports, in fixed memory. */
class SoakObserver implements RunObserver {
  readonly waits = new WaitHistogram();
  readonly calls: Record<SoakProvider, number> = { openai: 0, anthropic: 0 };
  readonly observed = { jobs: 0, modelCalls: 0, seats: 0 };
  throttleRetries = 0;

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case "job.submitted":
        this.observed.jobs += 1;
        return;
      case "seat.reserved":
        this.observed.seats += 1;
        this.waits.add(event.waitedMs);
        return;
      case "llm.call": {
        this.observed.modelCalls += 1;
        const provider = providerOf(event.entryId);
        if (provider !== undefined) this.calls[provider] += 1;
        return;
      }
      case "job.retrying":
        if (event.reason === "throttle") this.throttleRetries += 1;
        return;
    }
  }
}

/** The heap in use after a full collection (`node --expose-gc`). */
function sampleHeap(workflows: number): HeapSample {
  (globalThis as { gc?: () => void }).gc?.();
  return { workflows, heapMB: process.memoryUsage().heapUsed / 2 ** 20 };
}

/** A logger that counts by level and keeps the first few messages for the report. */
function countingLogger(
  tag: string,
  logged: { warn: number; error: number; first: string[] },
): Logger {
  const keep = (level: "warn" | "error", message: string, fields: object) => {
    logged[level] += 1;
    if (logged.first.length < 5)
      logged.first.push(`${tag} ${level}: ${message} ${JSON.stringify(fields)}`.slice(0, 400));
  };
  return {
    error: (fields, message) => keep("error", message, fields),
    warn: (fields, message) => keep("warn", message, fields),
    info: () => {},
    debug: () => {},
  };
}
