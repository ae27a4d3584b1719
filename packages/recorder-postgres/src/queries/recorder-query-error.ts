import { SystemError } from "@nucleo/core";
import { brandError, hasErrorBrand } from "../db/error-brand.js";

const RECORDER_QUERY = Symbol.for("nucleo.error.recorder-query");

/** Why a recorder query gave no answer. */
export type RecorderQueryErrorCode =
  /** No workflow (root job) with the id is recorded. */
  | "unknown_workflow"
  /** No job with the id is recorded. */
  | "unknown_job"
  /** No benchmark report with the job id is recorded. */
  | "unknown_benchmark"
  /** The workflow holds more than one transcript may read (see `TRANSCRIPT_LIMITS`). */
  | "workflow_too_large"
  /** A replay checkpoint's stored output does not read back (a row edited by hand). */
  | "corrupt_checkpoint"
  /** The recorder's tables are not there: the database was never migrated. */
  | "recorder_not_migrated"
  /** The database refused or failed the query. */
  | "recorder_query_failed";

/** What a {@link RecorderQueryError} names. */
export interface RecorderQueryErrorOptions {
  readonly code: RecorderQueryErrorCode;
  readonly message: string;
  /** The query that failed: `trajectory`, `subtreeCost`, `costLedger`, ... */
  readonly query: string;
  /** The id the query was asked about, when it is the reason (an unknown id). */
  readonly id?: string;
  readonly cause?: unknown;
}

/**
 * A recorder query gave no answer: an id nothing is recorded under (named in the message and
 * on `id`), tables that were never migrated, or a database failure (the driver's error on
 * `cause`). A {@link SystemError}, so callers branch on `code`.
 *
 * @example
 * try {
 *   await queries.trajectory(rootId);
 * } catch (error) {
 *   if (RecorderQueryError.isInstance(error) && error.code === "unknown_workflow") console.error(error.message);
 *   else throw error;
 * }
 */
export class RecorderQueryError extends SystemError {
  override readonly code: RecorderQueryErrorCode;
  readonly query: string;
  readonly id: string | undefined;

  constructor(options: RecorderQueryErrorOptions) {
    super({ code: options.code, message: options.message, cause: options.cause });
    brandError(this, RECORDER_QUERY);
    this.code = options.code;
    this.query = options.query;
    this.id = options.id;
  }

  /** True for any {@link RecorderQueryError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is RecorderQueryError {
    return hasErrorBrand(value, RECORDER_QUERY);
  }
}
