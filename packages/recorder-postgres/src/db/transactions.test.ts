import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { jobRow as job } from "../test-support/job-row.js";

describeOnBothDatabases("concurrent transactions", (open, backend) => {
  it("a rolled-back transaction takes no other caller's writes with it", async () => {
    const { db } = await open();
    const events: string[] = [];

    const failing = db
      .transaction()
      .execute(async (trx) => {
        events.push("A begins");
        await trx.insertInto("nucleo_jobs").values(job("a")).execute();
        // Hold the transaction open while the others are issued.
        await sleep(100);
        events.push("A fails");
        throw new Error("roll A back");
      })
      .catch((error: Error) => error.message);
    await sleep(10);
    const other = db.transaction().execute(async (trx) => {
      events.push("B begins");
      await trx.insertInto("nucleo_jobs").values(job("b")).execute();
      events.push("B commits");
    });
    const plain = db
      .insertInto("nucleo_jobs")
      .values(job("c"))
      .execute()
      .then(() => events.push("C written"));

    expect(await failing).toBe("roll A back");
    await Promise.all([other, plain]);
    const ids = await db.selectFrom("nucleo_jobs").select("id").orderBy("id").execute();
    expect(ids.map((row) => row.id)).toEqual(["b", "c"]);
    if (backend === "pglite") {
      // One connection: A has it to itself until it ends, then the others queue in order.
      expect(events).toEqual(["A begins", "A fails", "B begins", "B commits", "C written"]);
    }
  });

  it("concurrent transactions all commit: none is lost or left waiting", async () => {
    const { db } = await open();
    const seen = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto("nucleo_jobs")
            .values(job(`job-${index}`))
            .execute();
          await sleep(5);
          const mine = await trx
            .selectFrom("nucleo_jobs")
            .select("id")
            .where("id", "=", `job-${index}`)
            .execute();
          // Inside its transaction, each sees its own uncommitted row.
          return mine.length;
        }),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 8 }, () => 1));
    const count = await db
      .selectFrom("nucleo_jobs")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe("8");
  });
});
