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

/** The worker's config file (JSON or YAML), checked strictly: an unknown key is refused, naming it. */
export const workerConfigSchema = z.strictObject({
  /** The catalog file (`.json`, `.yaml` or `.yml`), relative to the config file. */
  catalog: z.string().min(1, "expected the path of a catalog file"),
  /** The deployment's compliance envelope and pinned MEGA entry (`@nucleo/catalog`'s `DeploymentPolicy`). */
  policy: z
    .strictObject({
      envelope: z
        .record(
          z.string().min(1),
          z.array(z.string().min(1)).min(1, "expected at least one allowed value"),
        )
        .optional(),
      megaEntry: z.string().min(1).optional(),
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
    })
    .default({ pgliteDir: DEFAULT_PGLITE_DIR }),
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
