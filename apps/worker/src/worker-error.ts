const WORKER_ERROR = Symbol.for("nucleo.error.worker");

/** Why the worker refused to start or to run something; each maps to an exit code. */
export type WorkerErrorCode =
  /** The config file or the catalog it names is unreadable or invalid (exit 2). */
  | "config_invalid"
  /** A command line the worker cannot read: an unknown option or command (exit 2). */
  | "usage"
  /** `run` named a workflow that is not registered (exit 2). */
  | "unknown_workflow"
  /** A workflow's input is not JSON or fails its schema (exit 2). */
  | "input_invalid"
  /** The worker is shutting down and takes no more work. */
  | "shutting_down";

/** What a {@link WorkerError} says and names. */
export interface WorkerErrorOptions {
  readonly code: WorkerErrorCode;
  /** A secret-free sentence naming the file, the option or the field. */
  readonly message: string;
  /** The file the problem is in, when there is one. */
  readonly file?: string;
  /** The field (`workflows[1]`, `costs[0]`) or option (`--input`) at fault. */
  readonly field?: string;
  readonly cause?: unknown;
}

/**
 * A problem the worker reports to its operator before or instead of running work: a bad config
 * or catalog, a bad command line, an unknown workflow, an input that fails its schema. Checked
 * with {@link WorkerError.isInstance}, which survives two copies of the module.
 */
export class WorkerError extends Error {
  readonly code: WorkerErrorCode;
  readonly file: string | undefined;
  readonly field: string | undefined;

  constructor(options: WorkerErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, WORKER_ERROR, { value: true });
    this.name = "WorkerError";
    this.code = options.code;
    this.file = options.file;
    this.field = options.field;
  }

  /** True for any {@link WorkerError}, from whichever copy of this module it came. */
  static isInstance(value: unknown): value is WorkerError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[WORKER_ERROR] === true
    );
  }
}
