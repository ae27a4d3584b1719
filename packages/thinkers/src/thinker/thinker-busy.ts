import { SystemError } from "@nucleo/core";

/**
 * The refusal of a second `execute` on a thinker instance that is still running: an instance
 * holds one run's state, so both thinker shapes (the loop and the toolless one) refuse alike.
 */
export function thinkerBusyError(name: string): SystemError {
  return new SystemError({
    code: "thinker_busy",
    message: `Thinker "${name}" is already running; submit a new instance for a concurrent run.`,
  });
}
