import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { FleetError, invalidOption } from "../fleet-error.js";
import { describe } from "../queue/check.js";
import type { FleetQueue } from "../queue/fleet-queue.js";
import { openQueueParts } from "../queue/queue-parts.js";
import { type DeadLetter, deadLetters, retryDeadLetter } from "./dead-letters.js";
import { type FleetWorker, listWorkers, type WorkersOptions } from "./fleet-workers.js";
import { idempotentWorkflowId } from "./idempotent-workflow-id.js";
import { type ListOptions, listWorkflows } from "./list-workflows.js";
import { type QueueCounts, queueCounts } from "./queue-counts.js";
import {
  type ScheduleOptions,
  type WorkflowSchedule,
  listSchedules,
  schedule,
  unschedule,
} from "./schedules.js";
import { checkSubmitOptions, type SubmitOptions } from "./submit-options.js";
import { isUuid } from "./uuid-v5.js";
import { type JobRow, type WorkflowStatus, workflowStatus } from "./workflow-status.js";

/**
 * What the client knows of workflows: a check of a submission. `check` returns the input to
 * queue (parsed, defaults applied) or throws, for an unknown name or an invalid input; the client
 * lets whatever it throws through unchanged, and queues nothing.
 */
export interface FleetWorkflows {
  check(name: string, input: unknown): unknown;
}

/** What `submit` answers: the workflow's id, and false for `created` when the key was seen before. */
export interface Submitted {
  readonly id: string;
  readonly created: boolean;
}

/** How long `result()` waits. */
export interface ResultOptions {
  /** Give up after this many milliseconds (FleetError `timeout`); no limit by default. */
  readonly timeoutMs?: number;
  /** Stop waiting when aborted (rejects with the signal's reason). */
  readonly signal?: AbortSignal;
}

/** The data of a workflow's job. */
export interface WorkflowJobData {
  readonly workflow: string;
  readonly input: unknown;
  readonly tenant?: string;
}

const FIRST_POLL_MS = 25;
const LONGEST_POLL_MS = 1000;

/**
 * Submits, watches and cancels workflows on a {@link FleetQueue}. Submissions are checked by the
 * {@link FleetWorkflows} given, so a bad input never reaches the queue.
 *
 * @example
 * const client = new FleetClient(queue, registry);
 * const { id } = await client.submit("digest-document", input, { idempotencyKey: "doc-42" });
 * console.log(await client.result(id, { timeoutMs: 60_000 }));
 */
export class FleetClient {
  readonly #queue: FleetQueue;
  readonly #workflows: FleetWorkflows;

  constructor(queue: FleetQueue, workflows: FleetWorkflows) {
    if (typeof workflows?.check !== "function")
      throw invalidOption("workflows", "workflows must have a check(name, input) method");
    openQueueParts(queue);
    this.#queue = queue;
    this.#workflows = workflows;
  }

  /**
   * Queues workflow `name` with `input`, once checked. With an `idempotencyKey` the id is
   * derived from the key (and tenant), and a second submission answers the first's id with
   * `created: false`; without, the id is new.
   *
   * @throws whatever `workflows.check` throws (nothing is queued); FleetError `invalid_option`;
   * FleetError `idempotency_conflict` when the key already submitted another workflow.
   */
  async submit(name: string, input: unknown, options?: SubmitOptions): Promise<Submitted> {
    const { idempotencyKey, tenant, priority, startAfter } = checkSubmitOptions(options);
    const { boss, settings } = openQueueParts(this.#queue);
    const checked = await this.#workflows.check(name, input);
    const id =
      idempotencyKey === undefined ? randomUUID() : idempotentWorkflowId(idempotencyKey, tenant);
    const data: WorkflowJobData =
      tenant === undefined
        ? { workflow: name, input: checked }
        : { workflow: name, input: checked, tenant };
    // pg-boss answers null when a job with this id exists: the idempotent case.
    const sent = await boss.send(settings.queue, data, {
      id,
      ...(priority === undefined ? {} : { priority }),
      ...(startAfter === undefined ? {} : { startAfter }),
    });
    if (sent === null && idempotencyKey !== undefined)
      await this.#sameWorkflow(id, name, idempotencyKey);
    return { id, created: sent !== null };
  }

  /**
   * A key seen before names the workflow it submitted: a submission of another workflow under
   * it is refused, rather than answered with the first one's id as though it were queued.
   */
  async #sameWorkflow(id: string, name: string, key: string): Promise<void> {
    const existing = await this.status(id);
    if (existing === undefined || existing.workflow === name) return;
    throw new FleetError({
      code: "idempotency_conflict",
      workflowId: id,
      message: `The idempotency key ${JSON.stringify(key)} already submitted workflow "${existing.workflow}" (${id}); it cannot also submit "${name}".`,
    });
  }

  /** The workflow's status, or undefined when the queue has no workflow with this id. */
  async status(id: string): Promise<WorkflowStatus | undefined> {
    const { boss, settings } = openQueueParts(this.#queue);
    if (!isUuid(id)) return undefined;
    const [job] = await boss.findJobs(settings.queue, { id });
    return job === undefined ? undefined : workflowStatus(job as unknown as JobRow);
  }

  /**
   * Waits for the workflow to end and answers its output. Polls, 25 ms at first and doubling to
   * one second.
   *
   * @throws {FleetError} `failed` (with the stored `workflowError`), `cancelled`, `not_found`,
   * `timeout`; or the signal's reason when aborted.
   */
  async result(id: string, options: ResultOptions = {}): Promise<unknown> {
    const { timeoutMs, signal } = options;
    if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && timeoutMs >= 0))
      throw invalidOption(
        "timeoutMs",
        `timeoutMs must be a number ≥ 0, got ${describe(timeoutMs)}`,
      );
    const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    for (let wait = FIRST_POLL_MS; ; wait = Math.min(wait * 2, LONGEST_POLL_MS)) {
      signal?.throwIfAborted();
      const status = await this.status(id);
      if (status === undefined)
        throw new FleetError({
          code: "not_found",
          workflowId: id,
          message: `No workflow has the id ${id}.`,
        });
      if (status.state === "finished") return status.output;
      if (status.state === "failed" || status.state === "cancelled") throw endedError(status);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new FleetError({
          code: "timeout",
          workflowId: id,
          message: `Workflow ${id} (${status.workflow}) was still ${status.state} after ${timeoutMs} ms.`,
        });
      await delay(Math.min(wait, left), undefined, { signal }).catch((error: unknown) => {
        throw signal?.aborted ? signal.reason : error;
      });
    }
  }

  /** Cancels the workflow; false when there is none with this id or it has already ended. */
  async cancel(id: string): Promise<boolean> {
    const { boss, settings } = openQueueParts(this.#queue);
    if (!isUuid(id)) return false;
    // pg-boss's CommandResponse type declares no fields; at run time it carries `affected`.
    const response = (await boss.cancel(settings.queue, id)) as { affected?: number };
    return (response.affected ?? 0) > 0;
  }

  /**
   * The queue's workflows, newest first (by submission time), filtered by state, name or
   * tenant, `limit` at a time (default 100): `list({ limit: 20 })` is the twenty most recent.
   */
  async list(options?: ListOptions): Promise<WorkflowStatus[]> {
    const { boss, settings } = openQueueParts(this.#queue);
    return listWorkflows(boss, settings, options);
  }

  /**
   * How many workflows the queue holds in each state, and how many wait in the dead letters:
   * exact at the call, counted by the database (fast on a large queue).
   */
  async counts(): Promise<QueueCounts> {
    return queueCounts(openQueueParts(this.#queue));
  }

  /**
   * The servers serving this queue, from any process, the most recently heard from first: those
   * whose last refresh is within `aliveWithinMs` (default: three of each one's
   * `presenceIntervalSeconds`). A server that stopped cleanly is gone at once; one whose process
   * was killed, once its last refresh is older than the window.
   *
   * @throws {FleetError} `invalid_option` (`aliveWithinMs`) for a window that is not > 0.
   */
  async workers(options?: WorkersOptions): Promise<FleetWorker[]> {
    return listWorkers(openQueueParts(this.#queue), options);
  }

  /**
   * Submits workflow `name` with `input` on a cron schedule (or replaces the schedule of the same
   * name and key). The input is checked now, the expression and time zone too.
   */
  async schedule(
    name: string,
    cron: string,
    input: unknown,
    options?: ScheduleOptions,
  ): Promise<void> {
    const parts = openQueueParts(this.#queue);
    await schedule(parts, this.#workflows, { name, cron, input, options });
  }

  /** Removes the schedule of `name` and `key`; false when there was none. */
  async unschedule(name: string, key?: string): Promise<boolean> {
    return unschedule(openQueueParts(this.#queue), name, key);
  }

  /** Every schedule of the queue's workflows. */
  async schedules(): Promise<WorkflowSchedule[]> {
    return listSchedules(openQueueParts(this.#queue));
  }

  /** Workflows that failed for good, oldest first. */
  async deadLetters(options?: { readonly limit?: number }): Promise<DeadLetter[]> {
    return deadLetters(openQueueParts(this.#queue), options);
  }

  /**
   * Puts a failed workflow back on the queue under its own id and removes it from the dead
   * letters. pg-boss raises its retry limit by one: a workflow that used up its retries gets one
   * more attempt; one dead-lettered as not retryable keeps the retries it had not used. False when
   * no workflow with this id is failed.
   */
  async retryDeadLetter(id: string): Promise<boolean> {
    return retryDeadLetter(openQueueParts(this.#queue), id);
  }
}

function endedError(status: WorkflowStatus): FleetError {
  const failed = status.state === "failed";
  return new FleetError({
    code: failed ? "failed" : "cancelled",
    workflowId: status.id,
    message: failed
      ? `Workflow ${status.id} (${status.workflow}) failed: ${status.error?.message ?? "no error recorded"}`
      : `Workflow ${status.id} (${status.workflow}) was cancelled.`,
    ...(failed && status.error !== undefined ? { workflowError: status.error } : {}),
  });
}
