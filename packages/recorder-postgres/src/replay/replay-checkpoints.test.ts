import { InvalidInputError } from "@nucleo/core";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { RecorderQueryError } from "../queries/recorder-query-error.js";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { jobRow } from "../test-support/job-row.js";
import { ReplayCheckpoints, WORKER_LOST } from "./replay-checkpoints.js";

interface Checkpoint {
  readonly root: string;
  readonly position: string;
  readonly fingerprint: string;
  readonly job: string;
  /** The stored `output` column, as JSON text. */
  readonly json: string;
}

async function seedCheckpoints(db: Kysely<RecorderDatabase>, rows: readonly Checkpoint[]) {
  await db
    .insertInto("nucleo_replay_checkpoints")
    .values(
      rows.map((row) => ({
        root_id: row.root,
        position: row.position,
        fingerprint: row.fingerprint,
        job_id: row.job,
        output: row.json,
      })),
    )
    .execute();
}

const at = (root: string, position: string, fingerprint: string, job: string, output: unknown) => ({
  root,
  position,
  fingerprint,
  job,
  json: JSON.stringify(output),
});

describeOnBothDatabases("ReplayCheckpoints", (open) => {
  it("load answers a recall only for the same position and the same fingerprint", async () => {
    const { db } = await open();
    await seedCheckpoints(db, [
      at("attempt-1", "/1.search.0", "fp-a", "job-1", { hits: 3 }),
      at("attempt-1", "/1.search.1", "fp-b", "job-2", ["x"]),
    ]);
    const source = await new ReplayCheckpoints(db).load(["attempt-1"]);
    expect(source.size).toBe(2);
    expect(source.recall("/1.search.0", "fp-a")).toEqual({ jobId: "job-1", output: { hits: 3 } });
    expect(source.recall("/1.search.1", "fp-b")).toEqual({ jobId: "job-2", output: ["x"] });
    // Same position, other input; same input, other position; neither.
    expect(source.recall("/1.search.0", "fp-b")).toBeUndefined();
    expect(source.recall("/1.search.1", "fp-a")).toBeUndefined();
    expect(source.recall("/2.search.0", "fp-a")).toBeUndefined();
    // Text that would run position and fingerprint together does not match either.
    expect(source.recall("", "fp-a/1.search.0")).toBeUndefined();
  });

  it("load reads only the attempts asked for, and where two recorded the same job the later in the list wins", async () => {
    const { db } = await open();
    await seedCheckpoints(db, [
      at("attempt-2", "/1.plan.0", "fp", "job-2", "second attempt's"),
      at("attempt-1", "/1.plan.0", "fp", "job-1", "first attempt's"),
      at("attempt-1", "/2.act.0", "fp", "job-3", "only the first's"),
      at("other-workflow", "/3.other.0", "fp", "job-9", "not this workflow's"),
    ]);
    const checkpoints = new ReplayCheckpoints(db);
    const source = await checkpoints.load(["attempt-1", "attempt-2"]);
    expect(source.size).toBe(2);
    expect(source.recall("/1.plan.0", "fp")).toEqual({
      jobId: "job-2",
      output: "second attempt's",
    });
    expect(source.recall("/2.act.0", "fp")?.output).toBe("only the first's");
    expect(source.recall("/3.other.0", "fp")).toBeUndefined();
    const reversed = await checkpoints.load(["attempt-2", "attempt-1"]);
    expect(reversed.recall("/1.plan.0", "fp")?.jobId).toBe("job-1");
    expect((await checkpoints.load([])).size).toBe(0);
  });

  it("forget deletes the checkpoints of the attempts named, and only theirs", async () => {
    const { db } = await open();
    await seedCheckpoints(db, [
      at("attempt-1", "/1.a.0", "fp", "job-1", 1),
      at("attempt-2", "/1.a.0", "fp", "job-2", 2),
      at("attempt-2", "/2.b.0", "fp", "job-3", 3),
      at("other-workflow", "/1.a.0", "fp", "job-4", 4),
    ]);
    const checkpoints = new ReplayCheckpoints(db);
    expect(await checkpoints.forget(["attempt-1", "attempt-2"])).toBe(3);
    expect((await checkpoints.load(["attempt-1", "attempt-2"])).size).toBe(0);
    expect((await checkpoints.load(["other-workflow"])).size).toBe(1);
    expect(await checkpoints.forget(["attempt-1"])).toBe(0);
  });

  it("closeAttempt marks every job of the attempt that never ended as failed (worker_lost), and no other job", async () => {
    const { db } = await open();
    const ended = "2025-03-04T05:06:07.000Z";
    await db
      .insertInto("nucleo_jobs")
      .values([
        jobRow("dead", { status: "running" }),
        jobRow("dead-running", { ancestors: ["dead"], status: "running" }),
        jobRow("dead-waiting", { ancestors: ["dead"], status: "submitted" }),
        jobRow("dead-finished", { ancestors: ["dead"], status: "finished", ended_at: ended }),
        jobRow("dead-failed", {
          ancestors: ["dead"],
          status: "failed",
          ended_at: ended,
          error_code: "timeout",
          error_message: "took too long",
        }),
        jobRow("alive", { status: "running" }),
        jobRow("alive-child", { ancestors: ["alive"], status: "running" }),
      ])
      .execute();
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    const checkpoints = new ReplayCheckpoints(db, { clock: { now: () => now } });

    expect(await checkpoints.closeAttempt("dead", "Its worker stopped heartbeating.")).toBe(3);
    const rows = await db
      .selectFrom("nucleo_jobs")
      .select(["id", "status", "error_code", "error_message", "ended_at"])
      .orderBy("id")
      .execute();
    const lost = {
      status: "failed",
      error_code: WORKER_LOST,
      error_message: "Its worker stopped heartbeating.",
      ended_at: new Date(now),
    };
    expect(rows).toEqual([
      { id: "alive", status: "running", error_code: null, error_message: null, ended_at: null },
      {
        id: "alive-child",
        status: "running",
        error_code: null,
        error_message: null,
        ended_at: null,
      },
      { id: "dead", ...lost },
      {
        id: "dead-failed",
        status: "failed",
        error_code: "timeout",
        error_message: "took too long",
        ended_at: new Date(ended),
      },
      {
        id: "dead-finished",
        status: "finished",
        error_code: null,
        error_message: null,
        ended_at: new Date(ended),
      },
      { id: "dead-running", ...lost },
      { id: "dead-waiting", ...lost },
    ]);
    expect(await checkpoints.closeAttempt("dead", "again")).toBe(0);
  });

  it("a malformed argument is refused naming the parameter, before the database", async () => {
    const { db } = await open();
    const checkpoints = new ReplayCheckpoints(db);
    const refused = async (call: Promise<unknown>, parameter: string) => {
      const error = await call.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(InvalidInputError.isInstance(error), String(error)).toBe(true);
      expect((error as InvalidInputError).parameter).toBe(parameter);
    };
    await refused(checkpoints.load(["attempt-1", ""]), "rootIds[1]");
    await refused(checkpoints.load("attempt-1" as unknown as string[]), "rootIds");
    await refused(checkpoints.forget([7 as unknown as string]), "rootIds[0]");
    await refused(checkpoints.closeAttempt("", "lost"), "rootId");
    await refused(checkpoints.closeAttempt("attempt-1", " "), "message");
  });

  it("a stored wrapper that does not hold JSON text is refused as a corrupt checkpoint, naming the attempt and position", async () => {
    const { db } = await open();
    await seedCheckpoints(db, [
      {
        root: "attempt-1",
        position: "/1.a.0",
        fingerprint: "fp",
        job: "j",
        json: '{"nucleo:json": 5}',
      },
    ]);
    const error = await new ReplayCheckpoints(db).load(["attempt-1"]).catch((thrown) => thrown);
    expect(RecorderQueryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "corrupt_checkpoint", id: "attempt-1" });
    expect((error as Error).message).toContain('attempt attempt-1 at position "/1.a.0"');
  });
});
