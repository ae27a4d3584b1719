import type { RunEvent } from "@nucleo/core";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";
import { PostgresRecorder } from "../postgres-recorder.js";
import type { PostgresRecorderOptions } from "../postgres-recorder-options.js";
import { problemsLogger, type LoggedProblem } from "./logged-problems.js";

/**
 * Delivers `deliveries` (each a list of events, written as one batch) through a fresh
 * {@link PostgresRecorder}, waits until all are written and closes it: returns the problems it
 * logged, so a test of what lands in the tables also sees what was left out.
 */
export async function record(
  db: Kysely<RecorderDatabase>,
  deliveries: readonly (readonly RunEvent[])[],
  options: Partial<PostgresRecorderOptions> = {},
): Promise<LoggedProblem[]> {
  const problems: LoggedProblem[] = [];
  const recorder = new PostgresRecorder({ db, logger: problemsLogger(problems), ...options });
  for (const batch of deliveries) {
    for (const event of batch) recorder.onEvent(event);
    await recorder.flush();
  }
  await recorder.close();
  return problems;
}

/** Every `nucleo_jobs` row, by id. */
export function jobs(db: Kysely<RecorderDatabase>) {
  return db.selectFrom("nucleo_jobs").selectAll().orderBy("id").execute();
}
