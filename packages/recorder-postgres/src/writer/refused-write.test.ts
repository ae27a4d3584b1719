import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openRecorderDatabase } from "../db/open-recorder-database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import "../test-support/provided-context.js";
import { ServerTestDatabases } from "../test-support/server-test-databases.js";
import type { PostgresRecorder } from "./postgres-recorder.js";
import { EventScript } from "./test-support/event-script.js";
import { expectRefusedWrite, watchedRecorder } from "./test-support/faulty-recorder.js";

/** Records a job and one model call with `recorder`, and returns the script to go on with. */
async function recordOneCall(recorder: PostgresRecorder) {
  const script = new EventScript();
  const root = script.submit();
  script.llmCall(root, { cost: "0.001" });
  for (const event of script.events) recorder.onEvent(event);
  await recorder.flush();
  return { script, root };
}

describeOnBothDatabases("the recorder, a table dropped in the middle of a run", (open) => {
  it("the write that needs the dropped table fails at once, naming its statement, and is not retried", async () => {
    const { db } = await open();
    const { recorder, time, problems } = watchedRecorder(db);
    const { script, root } = await recordOneCall(recorder);

    await sql`drop table nucleo_tool_withholds`.execute(db);
    recorder.onEvent(script.toolWithheld(root));
    await expectRefusedWrite(recorder.flush(), problems, {
      driverCode: "42P01",
      statement: "insert into nucleo_tool_withholds",
      events: 1,
      message:
        /^The database refused the recorder's insert into nucleo_tool_withholds: 42P01: relation "nucleo_tool_withholds" does not exist\. Not retried/,
    });
    expect(time.pendingDelays()).toEqual([]);
    await expect(recorder.close()).rejects.toThrow(problems[0]!.message);
    // What was written before the table went stays written.
    expect((await db.selectFrom("nucleo_model_calls").select("seq").execute()).length).toBe(1);
  });
});

const serverUrl = inject("recorderPostgresUrl");

describe.skipIf(serverUrl === null)(
  "the recorder on a PostgreSQL server that revokes its rights in the middle of a run",
  () => {
    const databases = new ServerTestDatabases(serverUrl ?? "postgres://unused");
    afterAll(async () => {
      await databases.closeAll();
    });

    it("the refused insert fails at once, naming its statement and the server's words, is not retried, and quotes no password", async () => {
      const owner = await databases.open();
      const role = `nucleo_writer_${randomBytes(4).toString("hex")}`;
      const password = `pw-${randomBytes(9).toString("hex")}`;
      await sql.raw(`create role ${role} login password '${password}'`).execute(owner.db);
      try {
        await sql
          .raw(`grant select, insert, update, delete on all tables in schema public to ${role}`)
          .execute(owner.db);
        const url = new URL(owner.url);
        url.username = role;
        url.password = password;
        const writer = await openRecorderDatabase({ url: url.href, migrate: false });
        try {
          const { recorder, time, problems } = watchedRecorder(writer.db);
          const { script, root } = await recordOneCall(recorder); // the rights are there: written

          await sql
            .raw(`revoke insert, update on nucleo_model_calls from ${role}`)
            .execute(owner.db);
          recorder.onEvent(script.llmCall(root, { cost: "0.002" }));
          recorder.onEvent(script.finished(root));
          await expectRefusedWrite(recorder.flush(), problems, {
            driverCode: "42501",
            statement: "insert into nucleo_model_calls",
            events: 2,
            message:
              "The database refused the recorder's insert into nucleo_model_calls: 42501: permission denied for table nucleo_model_calls.",
          });
          expect(problems[0]?.message).not.toContain(password);
          // Not retried: no back-off is pending, and moving time on writes nothing.
          expect(time.pendingDelays()).toEqual([]);
          time.advance(60_000);
          expect(problems).toHaveLength(1);
          await expect(recorder.close()).rejects.toThrow(problems[0]!.message);
          // The batch rolled back whole: the job's end was not written without its call.
          const job = await owner.db
            .selectFrom("nucleo_jobs")
            .select("status")
            .executeTakeFirstOrThrow();
          expect(job.status).toBe("submitted");
        } finally {
          await writer.close();
        }
      } finally {
        await sql.raw(`drop owned by ${role}`).execute(owner.db);
        await sql.raw(`drop role ${role}`).execute(owner.db);
        await owner.close();
      }
    });
  },
);
