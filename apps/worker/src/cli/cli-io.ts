import type { OpenRecorderDatabaseOptions, RecorderConnection } from "@nucleo/recorder-postgres";
import type { SignalSource } from "../shutdown/watch-shutdown-signals.js";

/**
 * A terminal stream progress is drawn on: `process.stderr`, or a test's stand-in. `isTTY`
 * decides between a live bar and plain lines; `columns` sizes the bar.
 */
export interface ProgressStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** What the command line runs against: output, environment, folders, signals — injected so a test runs it in-process. */
export interface CliIo {
  /** Answers: reports, tables, or JSON with `--json`. One call per line or block; the newline is the writer's. */
  readonly stdout: (text: string) => void;
  /** Notices, progress lines and errors, the same way. */
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The working folder: the worker's PGlite folder is resolved against it. */
  readonly cwd: string;
  /** Where the caller ran the command: paths given on the command line are resolved against it. */
  readonly callerCwd: string;
  readonly signals?: SignalSource;
  /**
   * Ends the process at once (default `process.exit`): for a signal during the start that will
   * not wait for the step under way (see `watchStartupSignals`).
   */
  readonly exit?: (code: number) => void;
  /**
   * The terminal progress is drawn on (stderr when it is one). Without it, `run` and `examples`
   * show no progress and `benchmark` writes a plain line per step on `stderr`.
   */
  readonly progress?: ProgressStream;
  /**
   * Where the worker's log lines go (the process's stderr when run as a program). Without it,
   * they go through `stderr` as JSON lines.
   */
  readonly logStream?: NodeJS.WritableStream & { readonly isTTY?: boolean };
  /** Opens the recorder's database for the query commands; `openRecorderDatabase` unless a test hands in its own. */
  readonly openDatabase?: (options: OpenRecorderDatabaseOptions) => Promise<RecorderConnection>;
}
