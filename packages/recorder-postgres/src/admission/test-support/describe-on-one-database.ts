import type { SharedBudgetStore } from "@nucleo/catalog";
import { afterAll, beforeAll, describe, inject } from "vitest";
import type { RecorderBackend, RecorderConnection } from "../../db/recorder-connection.js";
import { migrateToLatest } from "../../migrations/migrate.js";
import { BACKENDS, type TestDatabase } from "../../test-support/databases.js";
import { PgliteTestInstances } from "../../test-support/pglite-test-instances.js";
import "../../test-support/provided-context.js";
import { ServerTestDatabases } from "../../test-support/server-test-databases.js";

/**
 * Like `describeOnBothDatabases`, but every test of the block shares one database per engine,
 * opened before the first test and closed after the last: budget tests keep to entries of their
 * own (see {@link entrySpace}), and a new database per test would cost more than the test.
 * The PostgreSQL half is skipped on a machine without PostgreSQL, as there. `backends` narrows
 * the engines (a test of several processes needs a server).
 */
export function describeOnOneDatabase(
  name: string,
  body: (database: () => TestDatabase, backend: RecorderBackend) => void,
  options: { readonly backends?: readonly RecorderBackend[] } = {},
): void {
  for (const backend of options.backends ?? BACKENDS) {
    const serverUrl = backend === "postgres" ? inject("recorderPostgresUrl") : undefined;
    (serverUrl === null ? describe.skip : describe)(`${name} [${backend}]`, () => {
      let opened: { database: TestDatabase; closeAll: () => Promise<void> } | undefined;
      beforeAll(async () => {
        opened = backend === "pglite" ? await openPglite() : await openServerDatabase(serverUrl!);
        // A PGlite instance starts in seconds, and much slower on a busy machine.
      }, 60_000);
      afterAll(async () => {
        await opened?.database.close();
        await opened?.closeAll();
      });
      body(() => {
        if (opened === undefined)
          throw new Error("The block's database is not open (it opens in beforeAll).");
        return opened.database;
      }, backend);
    });
  }
}

async function openPglite(): Promise<{ database: TestDatabase; closeAll: () => Promise<void> }> {
  const instances = new PgliteTestInstances(inject("recorderPgliteSnapshot") ?? null);
  const connection: RecorderConnection = await instances.open();
  await migrateToLatest(connection.db);
  return { database: { ...connection, url: undefined }, closeAll: () => instances.closeAll() };
}

async function openServerDatabase(
  serverUrl: string,
): Promise<{ database: TestDatabase; closeAll: () => Promise<void> }> {
  const databases = new ServerTestDatabases(serverUrl);
  return { database: await databases.open(), closeAll: () => databases.closeAll() };
}

let spaces = 0;

/**
 * `store` seen through a namespace of entries no other caller uses: every entry id gains a
 * prefix on the way in and loses it on the way out. Gives each test a fresh, empty store on a
 * shared database.
 */
export function entrySpace(store: SharedBudgetStore): SharedBudgetStore {
  const prefix = `space-${++spaces}/`;
  // Malformed ids and objects pass through untouched, so the store's own checks see what the caller wrote.
  const inner = <TValue>(entryId: TValue): TValue =>
    typeof entryId === "string" && entryId !== "" ? (`${prefix}${entryId}` as TValue) : entryId;
  const outer = (entryId: string): string =>
    entryId.startsWith(prefix) ? entryId.slice(prefix.length) : entryId;
  const within = <TValue extends { readonly entryId: string }>(value: TValue): TValue =>
    typeof value === "object" && value !== null
      ? { ...value, entryId: inner(value.entryId) }
      : value;
  return {
    async book(demand, now, windowMs) {
      const answer = await store.book(within(demand), now, windowMs);
      return "booked" in answer
        ? { booked: { id: answer.booked.id, entryId: outer(answer.booked.entryId) } }
        : answer;
    },
    async bookInOrder(terms, seats, now, windowMs, turn) {
      const answer = await store.bookInOrder(within(terms), seats, now, windowMs, turn);
      return {
        booked: answer.booked.map((booking) => ({ ...booking, entryId: outer(booking.entryId) })),
        waitMs: answer.waitMs,
      };
    },
    settle: (booking, inputTokens, outputTokens) =>
      store.settle(within(booking), inputTokens, outputTokens),
    cancel: (booking) => store.cancel(within(booking)),
    coolDown: (entryId, until) => store.coolDown(inner(entryId), until),
  };
}
