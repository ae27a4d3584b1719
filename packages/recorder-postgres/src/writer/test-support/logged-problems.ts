import type { LogFields, Logger, LogLevel } from "@nucleo/core";
import type { RecorderWriteErrorOptions } from "../recorder-write-error.js";

/** One problem the recorder told its logger of: the level, and the facts an error of it would name. */
export interface LoggedProblem extends RecorderWriteErrorOptions {
  readonly level: LogLevel;
  /** Every field as logged, for tests that pin the fields themselves. */
  readonly fields: LogFields;
}

/** A logger that keeps each recorder problem in `problems`, flattened, so tests read `problem.code`. */
export function problemsLogger(problems: LoggedProblem[]): Logger {
  const keep = (level: LogLevel) => (fields: LogFields, message: string) => {
    problems.push({
      ...(fields as Omit<LoggedProblem, "level" | "message" | "fields">),
      level,
      message,
      fields,
    });
  };
  return { error: keep("error"), warn: keep("warn"), info: keep("info"), debug: keep("debug") };
}
