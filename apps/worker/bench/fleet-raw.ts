/**
 * The baseline: raw pg-boss in the worker's shape (`instances` PgBoss instances of `slots`
 * single-job workers, each notified to fetch again the moment its job ends), an empty handler,
 * the queue options the fleet uses. Jobs per second from the first send to the last completion.
 */
import { PGlite } from "@electric-sql/pglite";
import { type ConstructorOptions, fromPglite, PgBoss } from "pg-boss";

/** Where the raw queue lives: a server, or a fresh PGlite folder. */
export type RawTarget = { readonly url: string } | { readonly folder: string };

const QUEUE = "raw.workflows";
const QUEUE_OPTIONS = {
  heartbeatSeconds: 30,
  retryLimit: 5,
  expireInSeconds: 6 * 3600,
  notify: true,
};
const WORK_OPTIONS = {
  batchSize: 1,
  localConcurrency: 1,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 2,
  heartbeatRefreshSeconds: 1,
} as const;

/** Raw pg-boss jobs per second, `total` of them, 8 sends in flight. */
export async function rawThroughput(
  target: RawTarget,
  shape: { readonly instances: number; readonly slots: number; readonly total: number },
): Promise<number> {
  const schema = `raw_${Math.random().toString(36).slice(2, 10)}`;
  const pglite = "folder" in target ? await PGlite.create(target.folder) : undefined;
  const options: ConstructorOptions = {
    schema,
    useListenNotify: true,
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    schedule: false,
    ...(pglite
      ? { db: fromPglite(pglite), backend: "pglite" }
      : { connectionString: (target as { url: string }).url, max: 8 }),
  };
  const bosses: PgBoss[] = [];
  for (let index = 0; index < shape.instances; index++) {
    const boss = new PgBoss(options);
    boss.on("error", () => {});
    bosses.push(await boss.start());
  }
  const first = bosses[0]!;
  await first.createQueue(QUEUE, QUEUE_OPTIONS);
  for (const boss of bosses)
    for (let slot = 0; slot < shape.slots; slot++) {
      let id: string | undefined;
      id = await boss.work(QUEUE, WORK_OPTIONS, async () => {
        if (id !== undefined) boss.notifyWorker(id);
      });
    }
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < shape.total) await first.send(QUEUE, { index: next++ });
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  // Completion is stored after the handler returns: count it where it is stored.
  for (;;) {
    const { rows } = await first
      .getDb()
      .executeSql(
        `select count(*)::int as n from ${schema}.job where name = $1 and state = 'completed'`,
        [QUEUE],
      );
    if (Number(rows[0]?.n) >= shape.total) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(bosses.map((boss) => boss.stop({ graceful: false })));
  await pglite?.close();
  return shape.total / seconds;
}
