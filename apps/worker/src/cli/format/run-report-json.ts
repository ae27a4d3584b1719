import type { RunReport } from "./run-report.js";

/**
 * A run report as `--json` prints it: the recorder's typed answers as they are, and the
 * outcome with its error reduced to what a script branches on (`code`, `message`) — an Error
 * object has no JSON form of its own.
 */
export function runReportJson(report: RunReport): unknown {
  const { outcome } = report;
  const code = outcome.ok ? undefined : (outcome.error as { code?: unknown }).code;
  return {
    ...report,
    outcome: outcome.ok
      ? outcome
      : {
          ok: false,
          error: { ...(typeof code === "string" ? { code } : {}), message: outcome.error.message },
          stoppedByShutdown: outcome.stoppedByShutdown,
        },
  };
}
