import type { SharedBooking, SharedBookingAnswer, SharedDemand } from "@nucleo/catalog";
import { inspect } from "node:util";
import { Kysely, PostgresDialect, sql } from "kysely";
import { Pool, type PoolConfig } from "pg";
import { afterEach, expect, it } from "vitest";
import { openRecorderDatabase } from "../db/open-recorder-database.js";
import type { RecorderDatabase } from "../schema/database.js";
import { PostgresBudgetStore } from "./postgres-budget-store.js";
import { ChildWorker } from "./test-support/child-worker.js";
import { describeOnOneDatabase } from "./test-support/describe-on-one-database.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;
const HANDLES = 4;
const BOOKS_PER_HANDLE = 10;
const FLEET_RPM = 5;
const SEATS_PER_WORKER = 4;

/** A demand on `entryId` under `limits`, of one input and one output token unless told. */
const demandOf = (
  entryId: string,
  limits: SharedDemand["limits"],
  inputTokens = 1,
  outputTokens = 1,
): SharedDemand => ({ entryId, limits, inputTokens, outputTokens });

/** Every handle books `demand` `BOOKS_PER_HANDLE` times at once, all handles together. */
function race(
  stores: readonly PostgresBudgetStore[],
  demand: SharedDemand,
): Promise<SharedBookingAnswer[]> {
  return Promise.all(
    stores.flatMap((store) =>
      Array.from({ length: BOOKS_PER_HANDLE }, () => store.book(demand, T0, MINUTE)),
    ),
  );
}

describeOnOneDatabase(
  "PostgresBudgetStore across connections and processes",
  (database) => {
    const closers: Array<() => Promise<void>> = [];
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((close) => close()));
    });

    async function handles(count: number): Promise<PostgresBudgetStore[]> {
      const { url } = database();
      return Promise.all(
        Array.from({ length: count }, async () => {
          const connection = await openRecorderDatabase({ url: url!, migrate: false });
          closers.push(connection.close);
          return new PostgresBudgetStore(connection.db);
        }),
      );
    }

    /** A database handle on one pool of its own, closed after the test. */
    function ownPool(connectionString: string, options: Omit<PoolConfig, "connectionString">) {
      const pool = new Pool({ connectionString, ...options });
      const db = new Kysely<RecorderDatabase>({ dialect: new PostgresDialect({ pool }) });
      closers.push(() => db.destroy());
      return db;
    }

    /** The ids of the bookings the table holds for `entryId`. */
    async function bookedIds(entryId: string): Promise<string[]> {
      const rows = await database()
        .db.selectFrom("nucleo_seat_bookings")
        .select("id")
        .where("entry_id", "=", entryId)
        .execute();
      return rows.map((row) => row.id);
    }

    /** Asserts that `count` of `answers` were bookings, and that the table holds as many. */
    async function expectGranted(
      answers: readonly SharedBookingAnswer[],
      entryId: string,
      count: number,
    ) {
      expect(answers.filter((answer) => "booked" in answer)).toHaveLength(count);
      expect(await bookedIds(entryId)).toHaveLength(count);
    }

    it("books racing from separate connection pools (processes) grant exactly the request limit", async () => {
      const stores = await handles(HANDLES);
      const answers = await race(stores, demandOf("pools-requests", { requestsPerMinute: 5 }));
      await expectGranted(answers, "pools-requests", 5);
      // Every refusal saw all five bookings: the wait is until the first of them leaves.
      expect(answers.filter((answer) => "waitMs" in answer)).toEqual(
        Array.from({ length: HANDLES * BOOKS_PER_HANDLE - 5 }, () => ({ waitMs: MINUTE })),
      );
    });

    it("books racing from separate connection pools grant exactly what a token limit holds", async () => {
      const stores = await handles(HANDLES);
      const answers = await race(
        stores,
        demandOf("pools-tokens", { tokensPerMinute: 1_000 }, 90, 10),
      );
      await expectGranted(answers, "pools-tokens", 10);
    });

    it("bookInOrder batches racing from separate connection pools book exactly what the limits hold, never past them", async () => {
      const stores = await handles(HANDLES);
      const requests = { entryId: "pools-batches", limits: { requestsPerMinute: 23 } };
      const seats = (count: number, inputTokens = 0) =>
        Array.from({ length: count }, () => ({ inputTokens, outputTokens: 0 }));
      const answers = await Promise.all(
        stores.flatMap((store) =>
          Array.from({ length: 5 }, () => store.bookInOrder(requests, seats(4), T0, MINUTE)),
        ),
      );
      const booked = answers.flatMap((answer) => answer.booked.map((booking) => booking.id));
      expect(booked).toHaveLength(23);
      expect((await bookedIds("pools-batches")).sort()).toEqual(booked.sort());
      for (const answer of answers)
        if (answer.booked.length < 4) expect(answer.waitMs).toBe(MINUTE);

      // Seats of mixed sizes against a token limit, settled and cancelled while others book.
      const tokens = { entryId: "pools-batch-tokens", limits: { tokensPerMinute: 5_000 } };
      const racing = await Promise.all(
        stores.flatMap((store, index) =>
          Array.from({ length: 5 }, async (_, call) => {
            const answer = await store.bookInOrder(
              tokens,
              seats(3, 100 + 50 * index + call),
              T0,
              MINUTE,
            );
            const [first, second] = answer.booked;
            if (first !== undefined) await store.settle(first, 20, 0);
            if (second !== undefined) await store.cancel(second);
            return answer;
          }),
        ),
      );
      expect(racing.some((answer) => answer.waitMs > 0)).toBe(true);
      const { rows } = await sql<{ tokens: string | null; kept: string }>`
        select (select sum(input_tokens + output_tokens) from nucleo_seat_bookings where entry_id = 'pools-batch-tokens') as tokens,
               (select booked_tokens from nucleo_entry_budgets where entry_id = 'pools-batch-tokens') as kept`.execute(
        database().db,
      );
      expect(Number(rows[0]!.tokens)).toBeLessThanOrEqual(5_000);
      expect(rows[0]!.kept).toBe(rows[0]!.tokens);
    });

    it("settling and cancelling wait for the entry's lock, which booking takes before any booking row, so none of them deadlock", async () => {
      const [store] = await handles(1);
      const calls = [
        ["nucleo_settle_bookings", (booking: SharedBooking) => store!.settle(booking, 3, 3)],
        ["nucleo_cancel_booking", (booking: SharedBooking) => store!.cancel(booking)],
      ] as const;
      for (const [name, call] of calls) {
        const answer = await store!.book(
          demandOf("lock-order", { requestsPerMinute: 5 }),
          T0,
          MINUTE,
        );
        if (!("booked" in answer)) throw new Error("expected a booking");
        const holder = ownPool(database().url!, { max: 1 });
        let done = false;
        let calling: Promise<void> | undefined;
        await holder.transaction().execute(async (trx) => {
          await sql`select 1 from nucleo_entry_budgets where entry_id = 'lock-order' for update`.execute(
            trx,
          );
          calling = call(answer.booked).then(() => {
            done = true;
          });
          // Until the call is seen waiting on a lock (each look is a round trip).
          for (;;) {
            const { rows } = await sql<{ waiting: boolean }>`
              select exists (select from pg_stat_activity where wait_event_type = 'Lock'
                and query like ${`%${name}%`}) as waiting`.execute(database().db);
            expect(done, name).toBe(false);
            if (rows[0]!.waiting) break;
          }
          // What a book holding the entry's lock would do next: lock the booking's row (to delete
          // it once expired). The waiting call must not hold it, or the two would deadlock.
          await sql`select id from nucleo_seat_bookings where id = ${answer.booked.id}::bigint for update nowait`.execute(
            trx,
          );
        });
        await calling;
        expect(done, name).toBe(true);
      }
    });

    it("books run READ COMMITTED even where the server defaults to REPEATABLE READ, so none books on a stale view", async () => {
      // A snapshot taken before the entry's lock was granted would miss the bookings committed
      // meanwhile, and grant past the limit.
      const handles = Array.from({ length: HANDLES }, () =>
        ownPool(database().url!, {
          options: "-c default_transaction_isolation=repeatable\\ read",
          max: BOOKS_PER_HANDLE,
        }),
      );
      const { rows } = await sql<{
        default_transaction_isolation: string;
      }>`show default_transaction_isolation`.execute(handles[0]!);
      expect(rows).toEqual([{ default_transaction_isolation: "repeatable read" }]);
      const stores = handles.map((db) => new PostgresBudgetStore(db));
      const answers = await race(
        stores,
        demandOf("pools-repeatable-read", { requestsPerMinute: 5 }),
      );
      await expectGranted(answers, "pools-repeatable-read", 5);
    });

    it("a store whose database refuses its password fails without the password in the error", async () => {
      const url = new URL(database().url!);
      url.password = "canary-Pa55word-7f3e";
      const db = ownPool(url.href, { max: 1 });
      // The throwaway server checks passwords (scram-sha-256): this one is refused.
      const error = await new PostgresBudgetStore(db)
        .book(demandOf("refused-password", { requestsPerMinute: 1 }, 0, 0), T0, MINUTE)
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(Error);
      expect(inspect(error, { depth: 6 })).not.toContain("canary-Pa55word-7f3e");
    });

    it("three worker processes admitting seats on one entry grant together exactly its requests per minute", async () => {
      const entryId = "fleet-entry";
      // Resolves once the fleet has granted as many seats as the entry allows in a minute.
      let grantedSoFar = 0;
      let filled: () => void = () => {};
      const windowFilled = new Promise<void>((resolve) => {
        filled = resolve;
      });
      const workers = ["worker-a", "worker-b", "worker-c"].map(
        (name) =>
          new ChildWorker({
            name,
            onEvent: (event) => {
              if (event.event === "granted" && ++grantedSoFar === FLEET_RPM) filled();
            },
            script: new URL("./test-support/shared-admission-child.mjs", import.meta.url),
            env: {
              NUCLEO_CHILD_DATABASE_URL: database().url!,
              NUCLEO_CHILD_ENTRY: entryId,
              NUCLEO_CHILD_NAME: name,
              NUCLEO_CHILD_SEATS: String(SEATS_PER_WORKER),
              NUCLEO_CHILD_RPM: String(FLEET_RPM),
              NUCLEO_CHILD_LIFETIME_MS: "60000",
            },
          }),
      );
      try {
        // All three start reserving together, once each is connected.
        await Promise.all(workers.map((worker) => worker.next(["ready"])));
        for (const worker of workers) worker.send("go");
        // A seat told to wait is not proof the window is full (a younger seat waits behind the
        // fleet's oldest): the run goes on until the fleet has granted the whole limit. Any seat
        // granted past it would show below; the rest wait a minute for the window.
        await windowFilled;
        for (const worker of workers) worker.send("stop");
        const stopped = await Promise.all(workers.map((worker) => worker.next(["stopped"])));
        expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0, 0]);

        const grants = stopped.map((event) => event.granted as number);
        expect(grants.reduce((sum, count) => sum + count, 0)).toBe(FLEET_RPM);
        const grantTimes = stopped.flatMap((event) => event.grantedAt as number[]);
        // All in the first burst: a grant from a later window would come a full minute after.
        expect(Math.max(...grantTimes) - Math.min(...grantTimes)).toBeLessThan(15_000);
        // The table agrees, booking for booking, with what the workers were granted.
        const bookedByWorkers = workers.flatMap((worker) =>
          worker.events
            .filter((event) => event.event === "booked")
            .map((event) => event.id as string),
        );
        const booked = await bookedIds(entryId);
        expect(booked.sort()).toEqual(bookedByWorkers.sort());
        expect(booked).toHaveLength(FLEET_RPM);
      } finally {
        for (const worker of workers) worker.kill();
      }
    }, 60_000);
  },
  { backends: ["postgres"] },
);
