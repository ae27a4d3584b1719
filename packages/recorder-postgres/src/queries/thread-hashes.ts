import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";

/** One stored position of a thread. @internal */
export interface ThreadRow {
  readonly thread: string;
  readonly position: number;
  readonly hash: string;
}

/**
 * Threads by name, each a list of message hashes by position (a position not stored is a hole,
 * `undefined`), from the rows of `nucleo_thread_messages`.
 *
 * @internal
 */
export function threadsFrom(rows: readonly ThreadRow[]): Map<string, (string | undefined)[]> {
  const threads = new Map<string, (string | undefined)[]>();
  for (const row of rows) {
    let hashes = threads.get(row.thread);
    if (hashes === undefined) threads.set(row.thread, (hashes = []));
    hashes[row.position] = row.hash;
  }
  return threads;
}

/** The first `count` positions of one thread. @internal */
export async function readThread(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  thread: string,
  count: number,
): Promise<Map<string, (string | undefined)[]>> {
  const { rows } = await sql<ThreadRow>`
    select thread, position, hash from nucleo_thread_messages
    where root_id = ${rootId} and thread = ${thread} and position < ${count}`.execute(db);
  return threadsFrom(rows);
}

/** Every thread of a workflow, at most `limit + 1` positions (the caller refuses more). @internal */
export async function readThreads(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  limit: number,
): Promise<ThreadRow[]> {
  const { rows } = await sql<ThreadRow>`
    select thread, position, hash from nucleo_thread_messages where root_id = ${rootId}
    limit ${limit + 1}`.execute(db);
  return rows;
}
