import { invalidOption } from "../fleet-error.js";
import { describe } from "../queue/check.js";
import type { QueueParts } from "../queue/queue-parts.js";
import type { FleetWorkflows, WorkflowJobData } from "./fleet-client.js";
import { checkText } from "./submit-options.js";

/** How a workflow is scheduled. */
export interface ScheduleOptions {
  /** Tells apart several schedules of one workflow (default: none, ""). */
  readonly key?: string;
  /** The IANA time zone the expression is read in (default UTC). */
  readonly tz?: string;
  /** The tenant each submission is for. */
  readonly tenant?: string;
}

/** A workflow's schedule. */
export interface WorkflowSchedule {
  readonly workflow: string;
  /** "" when the schedule has no key. */
  readonly key: string;
  readonly cron: string;
  readonly timezone: string;
  readonly input: unknown;
  readonly tenant: string | undefined;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

// pg-boss keeps one schedule per (queue, key), and every workflow shares one queue: the pg-boss
// key is the workflow's name and the caller's key, joined by "/". pg-boss accepts only
// [A-Za-z0-9_.-/] in a key, so every other character of a part (and "." and "/", which the
// encoding itself uses) is written as ".<hex code point>.": "digest/acme" stays readable, and no
// two pairs give the same text.
function scheduleKey(workflow: string, key: string | undefined): string {
  return `${encodePart(workflow)}/${encodePart(key ?? "")}`;
}

function encodePart(text: string): string {
  return text.replace(/[^\w-]/gu, (char) => `.${char.codePointAt(0)!.toString(16)}.`);
}

function parsedKey(key: string): [string, string] | undefined {
  const parts = key.split("/");
  if (parts.length !== 2 || !parts.every((part) => /^(?:[\w-]|\.[0-9a-f]+\.)*$/.test(part)))
    return undefined;
  const decode = (part: string) =>
    part.replace(/\.([0-9a-f]+)\./g, (_whole, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    );
  return [decode(parts[0]!), decode(parts[1]!)];
}

/** Checks and registers a schedule (see `FleetClient.schedule`). */
export async function schedule(
  parts: QueueParts,
  workflows: FleetWorkflows,
  request: { name: string; cron: string; input: unknown; options: ScheduleOptions | undefined },
): Promise<void> {
  const { name, cron, options = {} } = request;
  const { key, tz = "UTC", tenant } = options;
  checkText("workflow", name);
  if (key !== undefined) checkText("key", key);
  if (tenant !== undefined) checkText("tenant", tenant);
  checkTimeZone(tz);
  if (typeof cron !== "string" || cron.trim() === "")
    throw invalidOption("cron", `cron must be a cron expression, got ${describe(cron)}`);
  try {
    parts.boss.previewSchedule(cron, { tz, count: 1 });
  } catch (error) {
    throw invalidOption(
      "cron",
      `cron is not a valid expression (${JSON.stringify(cron)}): ${(error as Error).message}`,
    );
  }
  const input = await workflows.check(name, request.input);
  const data: WorkflowJobData =
    tenant === undefined ? { workflow: name, input } : { workflow: name, input, tenant };
  await parts.boss.schedule(parts.settings.queue, cron, data, { key: scheduleKey(name, key), tz });
}

/** Removes a schedule; false when there was none. */
export async function unschedule(parts: QueueParts, name: string, key?: string): Promise<boolean> {
  const composite = scheduleKey(name, key);
  const existing = await parts.boss.getSchedule(parts.settings.queue, composite);
  if (existing === null) return false;
  await parts.boss.unschedule(parts.settings.queue, composite);
  return true;
}

/** The schedules of the queue's workflows, by workflow and key. */
export async function listSchedules(parts: QueueParts): Promise<WorkflowSchedule[]> {
  const found = await parts.boss.getSchedules(parts.settings.queue);
  return found.flatMap((row) => {
    const pair = parsedKey(row.key);
    if (pair === undefined) return []; // a schedule some other code put on the queue
    const data = (row.data ?? {}) as { input?: unknown; tenant?: unknown };
    return [
      {
        workflow: pair[0],
        key: pair[1],
        cron: row.cron,
        timezone: row.timezone,
        input: data.input,
        tenant: typeof data.tenant === "string" ? data.tenant : undefined,
        createdAt: row.createdOn,
        updatedAt: row.updatedOn,
      },
    ];
  });
}

function checkTimeZone(tz: unknown): void {
  try {
    if (typeof tz !== "string") throw new RangeError("not a string");
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw invalidOption(
      "tz",
      `tz must be an IANA time zone such as "Europe/Paris", got ${describe(tz)}`,
    );
  }
}
