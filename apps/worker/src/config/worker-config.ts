import { z } from "zod";

/** The workflows this worker knows how to build; a config registers some or all of them. */
export const WORKFLOW_NAMES = [
  "budget_check",
  "benchmark_classify_ticket",
  "digest_document",
  "support_chat",
] as const;

/** Where the embedded recorder keeps its data when no `DATABASE_URL` is set. */
export const DEFAULT_PGLITE_DIR = ".nucleo/pglite";

/** The levels the worker's log may be set to (pino's): a level shows itself and everything more severe. */
export const WORKER_LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const;

/** A level of the worker's log. */
export type WorkerLogLevel = (typeof WORKER_LOG_LEVELS)[number];

/** Whether `source` compiles as a JavaScript regular expression with the `u` flag. */
function isRegExpSource(source: string): boolean {
  try {
    new RegExp(source, "gu");
    return true;
  } catch {
    return false;
  }
}

/**
 * What the deployment keeps of what was said (job inputs and outputs, prompts, answers): the
 * shape of core's `ContentPolicy` that a file can hold. The redaction hook is a list of
 * patterns, each match replaced by `[redacted]` before anything is written or exported.
 */
const contentPolicySchema = z.strictObject({
  /** `full` keeps what was said; `metadata` keeps none of it. */
  mode: z.enum(["full", "metadata"]),
  /** The longest text kept per field (characters); longer text is cut with a marker. */
  maxFieldChars: z.number().int().min(64).max(10_000_000).optional(),
  /** JavaScript regular expressions (flags `gu`), e.g. `[\\w.+-]+@[\\w-]+\\.[\\w.]+` for e-mail addresses. */
  redactPatterns: z
    .array(z.string().min(1).refine(isRegExpSource, "expected a JavaScript regular expression"))
    .optional(),
});

/** A content policy as the config file holds it. */
export type ContentPolicyConfig = z.output<typeof contentPolicySchema>;

/** The worker's config file (JSON or YAML), checked strictly: an unknown key is refused, naming it. */
export const workerConfigSchema = z.strictObject({
  /** The catalog file (`.json`, `.yaml` or `.yml`), relative to the config file. */
  catalog: z.string().min(1, "expected the path of a catalog file"),
  /** The deployment's compliance envelope, pinned MEGA entry and prompt-caching switch (`@nucleo/catalog`'s `DeploymentPolicy`). */
  policy: z
    .strictObject({
      envelope: z
        .record(
          z.string().min(1),
          z.array(z.string().min(1)).min(1, "expected at least one allowed value"),
        )
        .optional(),
      megaEntry: z.string().min(1).optional(),
      /** `false` forbids prompt caching on every entry (some compliance envelopes do). */
      promptCache: z.boolean().optional(),
    })
    .optional(),
  /** The workflows to register, by name; `list` shows them and the default run goes through them in this order. */
  workflows: z
    .array(z.enum(WORKFLOW_NAMES))
    .min(1, "expected at least one workflow")
    .refine((names) => new Set(names).size === names.length, "expected each workflow once"),
  recorder: z
    .strictObject({
      /** The PGlite folder used when `DATABASE_URL` is not set, relative to the working folder. */
      pgliteDir: z.string().min(1).default(DEFAULT_PGLITE_DIR),
      /** What the recorder keeps of what was said. Default: everything (`mode: "full"`). */
      content: contentPolicySchema.default({ mode: "full" }),
    })
    .default({ pgliteDir: DEFAULT_PGLITE_DIR, content: { mode: "full" } }),
  admission: z
    .strictObject({
      /**
       * Share the entries' rate-limit budgets with every worker on the same PostgreSQL server, so
       * that together they keep each entry's limits. Default: shared when `DATABASE_URL` names a
       * server; `true` requires one (PGlite serves one process); `false` keeps them per process.
       */
      shared: z.boolean().optional(),
    })
    .default({}),
  shutdown: z
    .strictObject({
      /** How long running workflows may take to finish after SIGTERM or SIGINT before they are cancelled. */
      graceMs: z.number().int().nonnegative().max(3_600_000).default(30_000),
    })
    .default({ graceMs: 30_000 }),
  log: z
    .strictObject({
      /** The least severe level written to stderr (default `info`); `NUCLEO_LOG_LEVEL` overrides it. */
      level: z.enum(WORKER_LOG_LEVELS).optional(),
    })
    .default({}),
  /** OpenTelemetry: each run exported as a GenAI trace over OTLP/HTTP. Off unless `otlpEndpoint` is set. */
  telemetry: z
    .strictObject({
      /**
       * The OTLP/HTTP receiver's base URL (`http://localhost:4318`); spans go to
       * `<otlpEndpoint>/v1/traces` unless the URL already ends in that path.
       */
      otlpEndpoint: z.url({ protocol: /^https?$/ }).optional(),
      /** The trace's `service.name`. */
      serviceName: z.string().min(1).default("nucleo-worker"),
      /**
       * What the spans carry of what was said: `metadata` by default, as the GenAI conventions
       * make content opt-in; `full` adds it (through the same redaction as the recorder's).
       */
      content: z.enum(["full", "metadata"]).default("metadata"),
    })
    .default({ serviceName: "nucleo-worker", content: "metadata" }),
  /**
   * The queue of workflows (`nucleo serve`, `nucleo submit`) in the recorder's database: how a
   * worker serves it and how quickly a dead worker's workflows are taken by another.
   */
  fleet: z
    .strictObject({
      /** Workflows one worker runs at once. */
      concurrency: z.number().int().min(1).max(1_000).default(4),
      /** A running workflow's heartbeat, in seconds: missed this long, another worker takes it (≥ 10). */
      heartbeatSeconds: z.number().int().min(10).max(3_600).default(30),
      /** How often the queue is swept for lost heartbeats, in seconds. */
      monitorIntervalSeconds: z.number().int().min(1).max(300).default(5),
      /** Attempts after the first: a crash, a retryable failure or a drain past its grace uses one. */
      retryLimit: z.number().int().min(0).max(100).default(5),
    })
    .default({ concurrency: 4, heartbeatSeconds: 30, monitorIntervalSeconds: 5, retryLimit: 5 }),
  /** The mock provider that serves the catalog when no API key is set. */
  mockProvider: z
    .strictObject({
      /** Real milliseconds the mock waits before each answer, to watch a run unfold. */
      latencyMs: z.number().int().nonnegative().max(60_000).default(0),
    })
    .default({ latencyMs: 0 }),
});

/** A checked worker config. Paths are as written; `loadWorkerConfig` resolves them. */
export type WorkerConfig = z.output<typeof workerConfigSchema>;
/** A worker config as written in its file. */
export type WorkerConfigInput = z.input<typeof workerConfigSchema>;
