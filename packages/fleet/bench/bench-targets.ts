/**
 * The databases the throughput benchmark runs on, and what both of its sides share: a fresh
 * schema per run, the queue options the fleet uses, and a count of completed jobs read from
 * pg-boss's own table. Plain erasable TypeScript: Node runs the benchmark directly.
 */
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { type ConstructorOptions, fromPglite, PgBoss } from "pg-boss";

/** A database a run opens its instances on. */
export type BenchTarget =
  | { readonly label: "PostgreSQL"; readonly url: string }
  | { readonly label: "PGlite"; readonly pglite: PGlite };

/** The fleet's database option for `target`. */
export const fleetDatabase = (target: BenchTarget) =>
  "url" in target ? { url: target.url } : { pglite: target.pglite };

/** pg-boss constructor options for `target`, as the fleet builds them (no schedules: equal sides). */
export function rawBossOptions(target: BenchTarget, schema: string): ConstructorOptions {
  const shared: ConstructorOptions = {
    schema,
    useListenNotify: true,
    supervise: true,
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    schedule: false,
  };
  return "url" in target
    ? { ...shared, connectionString: target.url, max: 8 }
    : { ...shared, db: fromPglite(target.pglite), backend: "pglite" };
}

/** The fleet's queue options, for the raw side's queue. */
export const QUEUE = "nucleo.workflows";
export const DEAD_LETTER_QUEUE = "nucleo.workflows.dead";
export const QUEUE_OPTIONS = {
  heartbeatSeconds: 30,
  retryLimit: 5,
  retryDelay: 0,
  expireInSeconds: 6 * 3600,
  deleteAfterSeconds: 30 * 86_400,
  deadLetter: DEAD_LETTER_QUEUE,
  notify: true,
};

/** The fleet's worker shape: one job per slot, heartbeats every second, the fleet's intervals. */
export const WORK_OPTIONS = {
  batchSize: 1,
  localConcurrency: 1,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 2,
  heartbeatRefreshSeconds: 1,
} as const;

/** A schema no earlier run used, so every run starts on empty tables. */
export const freshSchema = (): string => `bench_${randomBytes(5).toString("hex")}`;

/**
 * Waits until `total` jobs of the queue are completed, reading pg-boss's job table through
 * `probe` (a started instance on the same schema): the timed span ends when the last result is
 * stored, not when the last handler returned.
 */
export async function completed(probe: PgBoss, schema: string, total: number): Promise<void> {
  for (;;) {
    const { rows } = await probe
      .getDb()
      .executeSql(
        `select count(*)::int as n from ${schema}.job where name = $1 and state = 'completed'`,
        [QUEUE],
      );
    if (Number(rows[0]?.n) >= total) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs `submit(i)` for i in [0, total), `inFlight` at a time. */
export async function submitAll(
  total: number,
  inFlight: number,
  submit: (index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < total) await submit(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

/** A started PgBoss on `target` and `schema` that only reads (no supervisor, no listener). */
export async function startProbe(target: BenchTarget, schema: string): Promise<PgBoss> {
  const probe = new PgBoss({
    ...rawBossOptions(target, schema),
    supervise: false,
    useListenNotify: false,
  });
  probe.on("error", () => {});
  return probe.start();
}
