import {
  checkContentPolicy,
  describeIssue,
  SystemError,
  type Clock,
  type ContentPolicy,
  type Logger,
  type Timers,
} from "@nucleo/core";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { RecorderDatabase } from "../schema/database.js";

/** What a {@link PostgresRecorder} is given; everything but `db` is optional. */
export interface PostgresRecorderOptions {
  /** The recorder's database, migrated (`openRecorderDatabase` gives one). */
  readonly db: Kysely<RecorderDatabase>;
  /**
   * The most events one transaction writes. Default 5,000: a write takes whatever waits, up to
   * this, so small batches stay small; larger ones ingest faster than batches of 1,000 (see the
   * package's ingest benchmark).
   */
  readonly batchSize?: number;
  /** How long the first buffered event waits for company before a write starts. Default 10 ms. */
  readonly flushIntervalMs?: number;
  /** Past this many events waiting to be written, `pressure()` holds new job attempts back. Default 100,000. */
  readonly maxBuffered?: number;
  /** Back-off between attempts at a failing batch: doubling from `initialMs` (default 100) up to `maxMs` (default 10,000). */
  readonly retry?: { readonly initialMs?: number; readonly maxMs?: number };
  /** Timers for the flush interval and the back-off; injected so tests move time themselves. */
  readonly timers?: Timers;
  /**
   * What the recorder keeps of what was said — jobs' inputs and outputs, model calls' messages
   * and answers: `"full"` (the default) keeps it, after the policy's `redact` hook and size cap;
   * `"metadata"` keeps none of it, and the recorder does not ask for it
   * ({@link PostgresRecorder.wantsContent} is false), so the run does not build it for the
   * recorder either. Replay checkpoints (a resumable workflow's exact outputs, past `redact` and
   * the cap) are kept only under `"full"`. Checked when the recorder is made: a bad value
   * throws naming this option.
   */
  readonly content?: "full" | "metadata" | ContentPolicy;
  /** The time source, for how long the database has been failing. */
  readonly clock?: Clock;
  /**
   * Told of every problem, as a `RecorderWriteError`'s sentence with its facts as fields
   * (`code`, `events`, `attempt`, `retryInMs`, `jobId`, `seq`, `driverCode`, `statement`): at
   * `warn` a failed write during an outage (retried), an unreadable benchmark report, a failed
   * merge of cost attribution rows (nothing lost); at `error` a write the database refused (not
   * retried: the recorder stops), an event that cannot be recorded, one that came after
   * `close()`, events given up by `abandon()`. Secret-free. Default: `stderrLogger`.
   */
  readonly logger?: Logger;
}

const positive = z.number().int().positive();

const SettingsSchema = z.object({
  batchSize: positive.default(5_000),
  flushIntervalMs: z.number().int().nonnegative().default(10),
  maxBuffered: positive.default(100_000),
  retry: z
    .object({ initialMs: positive.default(100), maxMs: positive.default(10_000) })
    .default({ initialMs: 100, maxMs: 10_000 }),
});

/** The recorder's numbers and content policy, checked, defaults filled in. @internal */
export function readRecorderOptions(
  options: PostgresRecorderOptions,
): z.infer<typeof SettingsSchema> & { readonly content: ContentPolicy } {
  if (typeof options?.db?.transaction !== "function") {
    throw new SystemError({
      code: "invalid_options",
      message:
        "PostgresRecorder: options.db must be the recorder's Kysely instance (openRecorderDatabase gives one).",
    });
  }
  const { batchSize, flushIntervalMs, maxBuffered, retry } = options;
  const parsed = SettingsSchema.safeParse({ batchSize, flushIntervalMs, maxBuffered, retry });
  if (!parsed.success) {
    const issue = describeIssue(parsed.error.issues[0]!);
    throw new SystemError({
      code: "invalid_options",
      message: `PostgresRecorder: options.${issue.path} must be ${issue.expected}.`,
    });
  }
  return {
    ...parsed.data,
    content: checkContentPolicy(options.content, "PostgresRecorder options.content"),
  };
}
