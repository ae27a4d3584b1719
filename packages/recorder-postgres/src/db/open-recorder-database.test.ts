import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findFreePort as findFreePortForTest } from "@nucleo/tooling/postgres";
import { LOCK_FILE } from "./data-dir-lock.js";
import { openRecorderDatabase } from "./open-recorder-database.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";

// PGlite's initdb takes seconds on a busy machine; these tests open real PGlite folders.
const PGLITE_TIMEOUT = 120_000;

async function failure(promise: Promise<unknown>): Promise<RecorderDatabaseError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!RecorderDatabaseError.isInstance(error))
    throw new Error(`expected a RecorderDatabaseError, got ${inspect(error)}`);
  return error;
}

/** Everything an operator could see of an error: message, stack, fields and causes. */
function everything(error: unknown): string {
  return inspect(error, { depth: 8, showHidden: true });
}

describe("openRecorderDatabase without a URL", () => {
  it(
    "opens an in-memory PGlite, migrated, and gives its instance for a queue that shares the database",
    async () => {
      const recorder = await openRecorderDatabase();
      try {
        expect(recorder.kind).toBe("pglite");
        const { rows } = await sql<{
          count: string;
        }>`select count(*) as count from nucleo_jobs`.execute(recorder.db);
        expect(rows).toEqual([{ count: "0" }]);
        // The same database: what the instance writes, the recorder's connection reads.
        await recorder.pglite!.query(
          "insert into nucleo_conversations (id, data, updated_at) values ('shared', '{}', now())",
        );
        const shared = await recorder.db.selectFrom("nucleo_conversations").select("id").execute();
        expect(shared).toEqual([{ id: "shared" }]);
      } finally {
        await recorder.close();
        await recorder.close();
      }
      expect(recorder.pglite!.closed).toBe(true);
    },
    PGLITE_TIMEOUT,
  );

  it.each([
    [
      "a keyword/value connection string",
      "host=db.internal user=app password=hunter2 dbname=nucleo",
    ],
    [
      "a postgres: URL without //, which the driver would point at localhost",
      "postgres:app:hunter2@db/nucleo",
    ],
  ])("refuses %s without printing any of it", async (_kind, url) => {
    const error = await failure(openRecorderDatabase({ url }));
    expect(error.code).toBe("recorder_database_options");
    expect(error.message).toContain("postgres://user:password@host:port/database");
    expect(everything(error)).not.toContain("hunter2");
  });

  it("refuses a URL and a data folder together, naming both with the password masked", async () => {
    const error = await failure(
      openRecorderDatabase({ url: "postgres://app:hunter2@db/nucleo", dataDir: "/tmp/x" }),
    );
    expect(error.code).toBe("recorder_database_options");
    expect(error.message).toContain("postgres://app:***@db/nucleo");
    expect(error.message).toContain("/tmp/x");
    expect(everything(error)).not.toContain("hunter2");
  });
});

describe("openRecorderDatabase on a PGlite data folder", () => {
  let parent: string;
  let dataDir: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), "nucleo-recorder-pglite-"));
    // Nested and missing: the folder is created.
    dataDir = join(parent, "state", "recorder");
    const recorder = await openRecorderDatabase({ dataDir });
    await sql`insert into nucleo_conversations (id, data, updated_at) values ('kept', '{"turns": 3}', now())`.execute(
      recorder.db,
    );
    await recorder.close();
  }, PGLITE_TIMEOUT);

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it(
    "keeps its rows across close and reopen",
    async () => {
      const recorder = await openRecorderDatabase({ dataDir });
      try {
        const rows = await recorder.db
          .selectFrom("nucleo_conversations")
          .select(["id", "data"])
          .execute();
        expect(rows).toEqual([{ id: "kept", data: { turns: 3 } }]);
      } finally {
        await recorder.close();
      }
    },
    PGLITE_TIMEOUT,
  );

  it(
    "refuses a second open of the folder while the first is open, and allows it after close",
    async () => {
      const first = await openRecorderDatabase({ dataDir, migrate: false });
      try {
        const error = await failure(openRecorderDatabase({ dataDir }));
        expect(error.code).toBe("recorder_data_dir_in_use");
        expect(error.dataDir).toBe(dataDir);
        expect(error.message).toContain(`process ${process.pid}@`);
      } finally {
        await first.close();
      }
      const again = await openRecorderDatabase({ dataDir, migrate: false });
      await again.close();
    },
    PGLITE_TIMEOUT,
  );

  it("refuses a data folder that holds other files but no database, and leaves it as it was", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "nucleo-foreign-"));
    try {
      await writeFile(join(dataDir, "notes.txt"), "mine");
      const error = await failure(openRecorderDatabase({ dataDir }));
      expect(error.code).toBe("recorder_database_options");
      expect(error.message).toContain(`${dataDir} holds other files and no database`);
      expect(await readdir(dataDir)).toEqual(["notes.txt"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(
    "takes over a lock left by a process that no longer runs",
    async () => {
      // Process ids are below 2^22 on Linux; this one cannot be running.
      await writeFile(join(dataDir, LOCK_FILE), `99999999@${(await import("node:os")).hostname()}`);
      const recorder = await openRecorderDatabase({ dataDir, migrate: false });
      await recorder.close();
    },
    PGLITE_TIMEOUT,
  );
});

describe("openRecorderDatabase with a URL", () => {
  it("names an unreachable server's URL with the password masked, and quotes the password nowhere", async () => {
    const port = await findFreePortForTest();
    const url = `postgres://nucleo:s3cr3t-Pa55word@127.0.0.1:${port}/recorder`;

    const error = await failure(openRecorderDatabase({ url }));

    expect(error.code).toBe("recorder_database_unreachable");
    expect(error.url).toBe(`postgres://nucleo:***@127.0.0.1:${port}/recorder`);
    expect(error.message).toContain(
      `Cannot reach the recorder database at postgres://nucleo:***@127.0.0.1:${port}/recorder`,
    );
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(everything(error)).not.toContain("s3cr3t-Pa55word");
  });

  it("refuses a malformed URL without quoting its password", async () => {
    const error = await failure(
      openRecorderDatabase({ url: "postgres://nucleo:s3cr3t@127.0.0.1:notaport/recorder" }),
    );
    expect(error.code).toBe("recorder_database_options");
    expect(error.message).toContain("postgres://nucleo:***@127.0.0.1:notaport/recorder");
    expect(everything(error)).not.toContain("s3cr3t");
  });

  it("refuses a URL that is not postgres://", async () => {
    const error = await failure(
      openRecorderDatabase({ url: "mysql://root:s3cr3t@localhost/recorder" }),
    );
    expect(error.message).toBe(
      "The recorder database URL mysql://root:***@localhost/recorder must start with postgres:// or postgresql://, not mysql://.",
    );
  });

  const serverUrl = inject("recorderPostgresUrl");
  it.skipIf(serverUrl === null)(
    "names a server that refuses the password without quoting the password",
    async () => {
      const url = new URL(serverUrl ?? "postgres://unused");
      url.password = "wrong-Pa55word";

      const error = await failure(openRecorderDatabase({ url: url.href }));

      expect(error.code).toBe("recorder_database_refused");
      expect(error.sqlState).toBe("28P01");
      expect(error.message).toMatch(/password authentication failed/);
      expect(error.message).toContain(`postgres://postgres:***@127.0.0.1:${url.port}/postgres`);
      expect(everything(error)).not.toContain("wrong-Pa55word");
    },
  );

  it.skipIf(serverUrl === null)(
    "a server that answers with an error is quoted with its SQLSTATE, not reported as unreachable, and the password stays masked",
    async () => {
      const url = new URL(serverUrl ?? "postgres://unused");
      url.pathname = "/nucleo_no_such_database";
      const password = decodeURIComponent(url.password);

      const error = await failure(openRecorderDatabase({ url: url.href }));

      expect(error.code).toBe("recorder_database_refused");
      expect(error.sqlState).toBe("3D000");
      expect(error.message).toBe(
        `The PostgreSQL server at postgres://postgres:***@127.0.0.1:${url.port}/nucleo_no_such_database refused the recorder's connection: database "nucleo_no_such_database" does not exist (SQLSTATE 3D000).`,
      );
      expect(everything(error)).not.toContain(password);
    },
  );

  it.skipIf(serverUrl === null)(
    "a connection closed before any query leaves no socket to the server open",
    async () => {
      const port = Number(new URL(serverUrl ?? "postgres://unused").port);
      // The sockets to the server this process holds now; other tests' may come and go.
      const socketsToServer = () =>
        new Set(
          (process as unknown as { _getActiveHandles(): unknown[] })
            ._getActiveHandles()
            .filter((handle) => (handle as { remotePort?: number }).remotePort === port),
        );
      const before = socketsToServer();
      const connection = await openRecorderDatabase({ url: serverUrl!, migrate: false });
      const opened = [...socketsToServer()].filter((socket) => !before.has(socket));
      expect(opened.length).toBeGreaterThan(0);
      await connection.close();
      // The socket closes once the server has read the goodbye. Left open, the pool's idle
      // timer (10 s) would close it later: the deadline is well before that.
      const closed = Promise.all(
        opened.map((socket) => {
          const stream = socket as {
            destroyed?: boolean;
            once(event: "close", listener: () => void): void;
          };
          return stream.destroyed === true
            ? undefined
            : new Promise<void>((resolve) => stream.once("close", resolve));
        }),
      ).then(() => "closed");
      let deadline: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        deadline = setTimeout(() => resolve("still open"), 5_000);
      });
      expect(await Promise.race([closed, late])).toBe("closed");
      clearTimeout(deadline);
    },
  );
});
