import type { FleetSettings } from "@nucleo/fleet";

const DAY_SECONDS = 86_400;

/**
 * The error of a command given a workflow id the queue does not hold (exit 1): which queue was
 * asked, and the two reasons it may not be there — never submitted to it, or deleted once it had
 * ended longer than the queue keeps workflows.
 */
export function unknownWorkflowId(
  id: string,
  where: string,
  settings: Pick<FleetSettings, "deleteAfterSeconds">,
): Error {
  const kept = settings.deleteAfterSeconds;
  const deleted =
    kept === 0
      ? ""
      : `, or it ended more than ${formatSeconds(kept)} ago and the queue has deleted it`;
  return new Error(
    `No workflow with id ${JSON.stringify(id)} is on the queue (${where}): it was never submitted there${deleted}. nucleo queue lists the workflows it holds.`,
  );
}

function formatSeconds(seconds: number): string {
  if (seconds % DAY_SECONDS === 0) {
    const days = seconds / DAY_SECONDS;
    return `${days} day${days === 1 ? "" : "s"}`;
  }
  return `${seconds} s`;
}
