import { firstPrintableLine } from "@nucleo/core";
import type {
  DeadLetter,
  StoredWorkflowError,
  WorkflowSchedule,
  WorkflowStatus,
} from "@nucleo/fleet";
import { attemptRootId } from "../../fleet/attempt-roots.js";
import { formatTime } from "../format/format-answers.js";
import { formatTable } from "../format/format-table.js";

// A result shown in a status is cut here: `--json` prints it whole.
const LONGEST_OUTPUT = 400;

/** A workflow's status as `nucleo status --json` prints it: the queue's, plus its recorded root. */
export type WorkflowStatusJson = WorkflowStatus & {
  /** The recorder's root id of the latest attempt (`nucleo trajectory <it>`); null before any. */
  readonly recordedRootId: string | null;
};

/** The recorder's root id of the workflow's latest attempt, or null when none started yet. */
export function latestRootId(status: WorkflowStatus): string | null {
  return status.attempts === 0 ? null : attemptRootId(status.id, status.attempts);
}

/** {@link WorkflowStatusJson} of `status`. */
export function workflowStatusJson(status: WorkflowStatus): WorkflowStatusJson {
  return { ...status, recordedRootId: latestRootId(status) };
}

/**
 * `nucleo status`: the workflow's state and attempts, its times, its result or error, and the
 * recorder's root id of its latest attempt with the command that shows it. Stored text (an
 * error, a result) is printed as printable text: it cannot move the cursor or break the line.
 */
export function formatWorkflowStatus(status: WorkflowStatus): string {
  const root = latestRootId(status);
  const rows: [string, string][] = [
    ["workflow", status.workflow],
    ["state", status.state + (status.deadLetter ? " (in the dead letters)" : "")],
    ["tenant", status.tenant ?? "-"],
    ["attempts", String(status.attempts)],
    ["created", formatDate(status.createdAt)],
    ["started", formatDate(status.startedAt)],
    ["ended", formatDate(status.endedAt)],
  ];
  if (status.state === "finished") rows.push(["output", clipped(JSON.stringify(status.output))]);
  if (status.error !== undefined) rows.push(["error", formatStoredError(status.error)]);
  rows.push([
    "recorded",
    root === null
      ? "no attempt has started yet"
      : `${root} (latest attempt: nucleo trajectory ${root})`,
  ]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `Workflow ${status.id}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${firstPrintableLine(value)}`),
  ].join("\n");
}

/** `nucleo queue`: the workflows, newest first, one per line. */
export function formatWorkflowList(statuses: readonly WorkflowStatus[], filters: string): string {
  if (statuses.length === 0)
    return filters === "" ? "No workflows on the queue." : `No workflows on the queue ${filters}.`;
  return formatTable(
    [
      { header: "id" },
      { header: "workflow" },
      { header: "state" },
      { header: "attempts", align: "right" },
      { header: "created" },
      { header: "ended" },
    ],
    statuses.map((status) => [
      status.id,
      status.workflow,
      status.state,
      String(status.attempts),
      formatDate(status.createdAt),
      formatDate(status.endedAt),
    ]),
  );
}

/** `nucleo schedule list`: each schedule with its cron expression, zone, tenant and input. */
export function formatSchedules(schedules: readonly WorkflowSchedule[]): string {
  if (schedules.length === 0) return "No schedules.";
  return formatTable(
    [
      { header: "workflow" },
      { header: "key" },
      { header: "cron" },
      { header: "tz" },
      { header: "tenant" },
      { header: "input" },
    ],
    schedules.map((schedule) => [
      schedule.workflow,
      schedule.key === "" ? "-" : schedule.key,
      schedule.cron,
      schedule.timezone,
      schedule.tenant ?? "-",
      clipped(JSON.stringify(schedule.input) ?? "-", 80),
    ]),
  );
}

/** `nucleo dead-letters`: the workflows that failed for good, oldest first, with their error. */
export function formatDeadLetters(letters: readonly DeadLetter[]): string {
  if (letters.length === 0) return "No dead letters: no workflow has failed for good.";
  return formatTable(
    [
      { header: "id" },
      { header: "workflow" },
      { header: "tenant" },
      { header: "attempts", align: "right" },
      { header: "failed" },
      { header: "error" },
    ],
    letters.map((letter) => [
      letter.id,
      letter.workflow,
      letter.tenant ?? "-",
      String(letter.attempts),
      formatDate(letter.deadLetteredAt),
      formatStoredError(letter.error),
    ]),
  );
}

/** `WorkerError input_invalid: Invalid input…` — the stored error's name, code and message. */
export function formatStoredError(error: StoredWorkflowError): string {
  return `${error.name}${error.code === undefined ? "" : ` ${error.code}`}: ${firstPrintableLine(error.message)}`;
}

function formatDate(date: Date | undefined): string {
  return formatTime(date === undefined ? null : date.getTime());
}

function clipped(text: string | undefined, longest = LONGEST_OUTPUT): string {
  if (text === undefined) return "-";
  return text.length > longest ? `${text.slice(0, longest)}… (--json shows it whole)` : text;
}
