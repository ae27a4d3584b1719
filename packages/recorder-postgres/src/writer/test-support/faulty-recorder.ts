// The writer's tests drive a recorder on manual timers, often over a database that fails on
// command, and keep what it reports.
import { ManualTimers } from "@nucleo/core/testing";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { RecorderDatabase } from "../../schema/database.js";
import { PostgresRecorder } from "../postgres-recorder.js";
import type { PostgresRecorderOptions } from "../postgres-recorder-options.js";
import { FaultyDatabase } from "./faulty-database.js";
import { type LoggedProblem, problemsLogger } from "./logged-problems.js";

/**
 * A {@link PostgresRecorder} on `db` and on {@link ManualTimers} (its timers and clock), logging
 * its problems into `problems`: a retry shows as a pending delay. `options` add or override.
 */
export function watchedRecorder(
  db: Kysely<RecorderDatabase>,
  options: Partial<PostgresRecorderOptions> = {},
) {
  const time = new ManualTimers();
  const problems: LoggedProblem[] = [];
  const recorder = new PostgresRecorder({
    db,
    timers: time,
    clock: time,
    logger: problemsLogger(problems),
    ...options,
  });
  return { time, problems, recorder };
}

/** A {@link watchedRecorder} over a {@link FaultyDatabase} on `open()`'s database. */
export async function faultyRecorder(
  open: () => Promise<{ db: Kysely<RecorderDatabase> }>,
  options: Partial<PostgresRecorderOptions> = {},
) {
  const faulty = new FaultyDatabase((await open()).db);
  return { faulty, ...watchedRecorder(faulty.db, options) };
}

/**
 * Asserts that `flushing` rejects as a write the database refused, with these fields, and that
 * the recorder reported it once in `problems`, in words that match `message` when it is given.
 */
export async function expectRefusedWrite(
  flushing: Promise<unknown>,
  problems: readonly LoggedProblem[],
  {
    message,
    ...refusal
  }: { driverCode: string; statement: string; events?: number; message?: string | RegExp },
): Promise<void> {
  await expect(flushing).rejects.toMatchObject({ code: "recorder_write_refused", ...refusal });
  expect(problems.map((problem) => problem.code)).toEqual(["recorder_write_refused"]);
  if (message !== undefined) expect(problems[0]?.message).toMatch(message);
}
