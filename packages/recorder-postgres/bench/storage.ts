/**
 * Storage benchmark for what was said: one thinker-like loop (see `loop-workload.ts`; answers
 * and tool results of about 1 KB each, 2 KB of new text a turn, every call re-sending the conversation) recorded through
 * `PostgresRecorder`, for loops of 10, 50 and 100 model calls. It reports the message rows and
 * bytes the recorder stores (each message once per workflow, each request as references) next
 * to storing each request whole (its system text, every message and the response, per call),
 * computed from the same rows, and the on-disk size of both: the recorder's two tables, and a
 * table of whole requests built from them with the same full-text vector and GIN index.
 *
 * Runs against the built package (`pnpm build` first). Plain erasable TypeScript.
 */
import { silentLogger } from "@nucleo/core";
import { PostgresRecorder, type RecorderConnection } from "@nucleo/recorder-postgres";
import { whole } from "@nucleo/tooling/bench";
import { sql } from "kysely";
import { startOptionalServer, withBackend } from "./bench-support.ts";
import { loopWorkflow } from "./loop-workload.ts";

const LOOPS = [10, 50, 100] as const;
const TURN_CHARS = 2_048;

interface Figures {
  readonly turns: number;
  readonly rows: number;
  readonly bytes: number;
  readonly callRows: number;
  readonly callBytes: number;
  readonly naiveRows: number;
  readonly naiveBytes: number;
  readonly disk: number;
  readonly naiveDisk: number;
}

async function measure(connection: RecorderConnection, turns: number): Promise<Figures> {
  const { db } = connection;
  await sql`truncate nucleo_jobs, nucleo_model_calls, nucleo_seats, nucleo_job_content, nucleo_messages, nucleo_model_call_content, nucleo_thread_messages`.execute(
    db,
  );
  const recorder = new PostgresRecorder({ db, logger: silentLogger });
  for (const event of loopWorkflow(0, { turns, turnChars: TURN_CHARS, prefix: `s${turns}` }))
    recorder.onEvent(event);
  await recorder.close();

  const stored = await sql<{ rows: string; bytes: string }>`
    select count(*) as rows, coalesce(sum(octet_length(parts::text)), 0) as bytes from nucleo_messages`.execute(
    db,
  );
  // The references: each call's own hashes and thread, and each thread position's hash.
  const calls = await sql<{ rows: string; bytes: string }>`
    select (select count(*) from nucleo_model_call_content) + (select count(*) from nucleo_thread_messages) as rows,
      (select coalesce(sum(octet_length(response_hash) + coalesce(octet_length(system_hash), 0) + coalesce(octet_length(thread), 0) + 4), 0) from nucleo_model_call_content)
      + (select coalesce(sum(octet_length(hash) + octet_length(thread) + 4), 0) from nucleo_thread_messages) as bytes`.execute(
    db,
  );
  // A call's request hashes in order, through its thread (position 0 the system text, last the response).
  const requests = sql`
    select c.job_id, c.seq, c.root_id, h.hash, h.position
    from nucleo_model_call_content c
    cross join lateral (
      select c.system_hash as hash, -1 as position
      union all
      select t.hash, t.position from nucleo_thread_messages t
      where t.root_id = c.root_id and t.thread = c.thread and t.position < c.message_count
      union all
      select c.response_hash, c.message_count
    ) as h
    where h.hash is not null`;
  // Each request whole: every message it references (system, turns, response), once per call.
  const naive = await sql<{ rows: string; bytes: string }>`
    select count(*) as rows, coalesce(sum(octet_length(m.parts::text)), 0) as bytes
    from (${requests}) as h
    join nucleo_messages m on m.root_id = h.root_id and m.hash = h.hash`.execute(db);
  await sql`drop table if exists bench_whole_requests`.execute(db);
  await sql`
    create table bench_whole_requests (
      job_id text, seq integer, request jsonb,
      search tsvector generated always as (jsonb_to_tsvector('simple', request, '["string"]')) stored,
      primary key (job_id, seq))`.execute(db);
  await sql`create index on bench_whole_requests using gin (search)`.execute(db);
  await sql`
    insert into bench_whole_requests (job_id, seq, request)
    select h.job_id, h.seq, jsonb_agg(m.parts order by h.position)
    from (${requests}) as h
    join nucleo_messages m on m.root_id = h.root_id and m.hash = h.hash
    group by h.job_id, h.seq`.execute(db);
  const disk = await sql<{ stored: string; naive: string }>`
    select pg_total_relation_size('nucleo_messages') + pg_total_relation_size('nucleo_model_call_content')
      + pg_total_relation_size('nucleo_thread_messages') as stored,
      pg_total_relation_size('bench_whole_requests') as naive`.execute(db);
  await sql`drop table bench_whole_requests`.execute(db);
  return {
    turns,
    rows: Number(stored.rows[0]!.rows),
    bytes: Number(stored.rows[0]!.bytes),
    callRows: Number(calls.rows[0]!.rows),
    callBytes: Number(calls.rows[0]!.bytes),
    naiveRows: Number(naive.rows[0]!.rows),
    naiveBytes: Number(naive.rows[0]!.bytes),
    disk: Number(disk.rows[0]!.stored),
    naiveDisk: Number(disk.rows[0]!.naive),
  };
}

const kib = (bytes: number): string => `${whole(bytes / 1_024)} KiB`;

async function main(): Promise<void> {
  const rows: string[] = [];
  const server = await startOptionalServer();
  try {
    for (const backend of ["postgres", "pglite"] as const) {
      await withBackend(backend, server, async (connection) => {
        for (const turns of LOOPS) {
          const f = await measure(connection, turns);
          rows.push(
            `| ${backend} | ${turns} | ${whole(f.rows)} messages, ${kib(f.bytes)} + ${whole(f.callRows)} reference rows (calls and thread positions), ${kib(f.callBytes)} | ${whole(f.naiveRows)} messages, ${kib(f.naiveBytes)} | ${(f.naiveBytes / (f.bytes + f.callBytes)).toFixed(1)}× | ${kib(f.disk)} | ${kib(f.naiveDisk)} |`,
          );
          console.error(`${backend}, ${turns} calls: done`);
        }
      });
    }
  } finally {
    await server?.dispose();
  }
  console.log(
    `\nWhat a loop's messages take — turns of about ${whole(TURN_CHARS)} new characters (an answer and a tool result), Node ${process.version}\n`,
  );
  console.log(
    "| Database | Model calls | Stored: each message once, requests as references | Each request whole | Ratio (text) | On disk, stored | On disk, whole |",
  );
  console.log("|---|---:|---|---|---:|---:|---:|");
  for (const row of rows) console.log(row);
}

await main();
