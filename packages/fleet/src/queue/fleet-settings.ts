import { invalidOption } from "../fleet-error.js";
import { booleanOr, integerIn, matching } from "./check.js";

/**
 * How the queue behaves, every field optional: the defaults make a dead worker's workflows
 * taken by another worker within about 37 seconds (see the README's "Settings").
 */
export interface FleetSettingsInput {
  /** The PostgreSQL schema pg-boss installs its tables in (default `nucleo_queue`). */
  readonly schema?: string;
  /** The workflow queue's name (default `nucleo.workflows`). */
  readonly queue?: string;
  /** The dead-letter queue's name (default: the queue's name + `.dead`). */
  readonly deadLetterQueue?: string;
  /** A running workflow's heartbeat: missed this long, another worker takes it (default 30, ≥ 10). */
  readonly heartbeatSeconds?: number;
  /** How often this instance's supervisor wakes (default 5). */
  readonly superviseIntervalSeconds?: number;
  /** How often a queue is swept for lost heartbeats and expired runs, fleet-wide (default 5). */
  readonly monitorIntervalSeconds?: number;
  /** Retries after the first attempt; a crash or a drain past its grace uses one (default 5). */
  readonly retryLimit?: number;
  /** Delay before a retry, in seconds; it delays crash takeover too (default 0). */
  readonly retryDelaySeconds?: number;
  /** The longest a workflow may run, in seconds, at most 24 h (default 6 h). */
  readonly expireInSeconds?: number;
  /** How long an ended workflow is kept, and so its idempotency key honoured (default 30 days; 0 = forever). */
  readonly deleteAfterSeconds?: number;
  /** How long a dead letter stays listed and retryable (default 30 days). */
  readonly deadLetterRetentionSeconds?: number;
  /** How often schedules are evaluated, fleet-wide (default 5, 1 to 45). */
  readonly cronMonitorIntervalSeconds?: number;
  /** How often a due schedule's job is sent (default 1, 1 to 45). */
  readonly cronWorkerIntervalSeconds?: number;
  /** Wake idle workers by LISTEN/NOTIFY (default true; needs a direct connection, not transaction-mode PgBouncer). */
  readonly useListenNotify?: boolean;
  /** Connections in this instance's pool, on a server (default 8; LISTEN takes one more). */
  readonly poolMax?: number;
  /** Run the supervisor in this instance (default true; at least one live instance must). */
  readonly supervise?: boolean;
  /** Evaluate and send schedules in this instance (default true). */
  readonly runSchedules?: boolean;
  /**
   * How often a serving worker refreshes its row in the worker list, in seconds (default 10,
   * 1 to 3600). `FleetClient.workers()` counts a worker gone after three missed refreshes.
   */
  readonly presenceIntervalSeconds?: number;
}

/** The settings a queue runs with: {@link FleetSettingsInput} with every default applied. */
export type FleetSettings = {
  readonly [Key in keyof FleetSettingsInput]-?: FleetSettingsInput[Key];
};

const DAY = 86_400;

/** The defaults of {@link FleetSettingsInput}. */
export const FLEET_DEFAULTS: Omit<FleetSettings, "deadLetterQueue"> = Object.freeze({
  schema: "nucleo_queue",
  queue: "nucleo.workflows",
  heartbeatSeconds: 30,
  superviseIntervalSeconds: 5,
  monitorIntervalSeconds: 5,
  retryLimit: 5,
  retryDelaySeconds: 0,
  expireInSeconds: 6 * 3600,
  deleteAfterSeconds: 30 * DAY,
  deadLetterRetentionSeconds: 30 * DAY,
  cronMonitorIntervalSeconds: 5,
  cronWorkerIntervalSeconds: 1,
  useListenNotify: true,
  poolMax: 8,
  supervise: true,
  runSchedules: true,
  presenceIntervalSeconds: 10,
});

// Unquoted PostgreSQL identifiers only: the schema is written into SQL, so nothing else passes.
const SCHEMA = /^[a-z_][a-z0-9_]{0,49}$/;
// What pg-boss accepts in a queue name.
const QUEUE = /^[\w.\-/]{1,100}$/;

/**
 * `input` with the defaults applied, each field checked.
 *
 * @throws {FleetError} `invalid_option` naming the field: `heartbeatSeconds must be an integer ≥ 10, got 5`.
 */
export function resolveFleetSettings(input: FleetSettingsInput = {}): FleetSettings {
  const d = FLEET_DEFAULTS;
  const queue = matching("queue", input.queue, d.queue, QUEUE, "letters, digits, _ . - or /");
  const deadLetterQueue = matching(
    "deadLetterQueue",
    input.deadLetterQueue,
    `${queue}.dead`,
    QUEUE,
    "letters, digits, _ . - or /",
  );
  if (deadLetterQueue === queue)
    throw invalidOption("deadLetterQueue", `deadLetterQueue must differ from queue (${queue})`);
  return {
    schema: matching(
      "schema",
      input.schema,
      d.schema,
      SCHEMA,
      "a lower-case SQL name of at most 50 characters (a-z, 0-9, _)",
    ),
    queue,
    deadLetterQueue,
    heartbeatSeconds: integerIn("heartbeatSeconds", input.heartbeatSeconds, d.heartbeatSeconds, 10),
    superviseIntervalSeconds: integerIn(
      "superviseIntervalSeconds",
      input.superviseIntervalSeconds,
      d.superviseIntervalSeconds,
      1,
    ),
    monitorIntervalSeconds: integerIn(
      "monitorIntervalSeconds",
      input.monitorIntervalSeconds,
      d.monitorIntervalSeconds,
      1,
    ),
    retryLimit: integerIn("retryLimit", input.retryLimit, d.retryLimit, 0),
    retryDelaySeconds: integerIn(
      "retryDelaySeconds",
      input.retryDelaySeconds,
      d.retryDelaySeconds,
      0,
    ),
    expireInSeconds: integerIn("expireInSeconds", input.expireInSeconds, d.expireInSeconds, 1, DAY),
    deleteAfterSeconds: integerIn(
      "deleteAfterSeconds",
      input.deleteAfterSeconds,
      d.deleteAfterSeconds,
      0,
    ),
    deadLetterRetentionSeconds: integerIn(
      "deadLetterRetentionSeconds",
      input.deadLetterRetentionSeconds,
      d.deadLetterRetentionSeconds,
      1,
    ),
    cronMonitorIntervalSeconds: integerIn(
      "cronMonitorIntervalSeconds",
      input.cronMonitorIntervalSeconds,
      d.cronMonitorIntervalSeconds,
      1,
      45,
    ),
    cronWorkerIntervalSeconds: integerIn(
      "cronWorkerIntervalSeconds",
      input.cronWorkerIntervalSeconds,
      d.cronWorkerIntervalSeconds,
      1,
      45,
    ),
    useListenNotify: booleanOr("useListenNotify", input.useListenNotify, d.useListenNotify),
    poolMax: integerIn("poolMax", input.poolMax, d.poolMax, 2),
    supervise: booleanOr("supervise", input.supervise, d.supervise),
    runSchedules: booleanOr("runSchedules", input.runSchedules, d.runSchedules),
    presenceIntervalSeconds: integerIn(
      "presenceIntervalSeconds",
      input.presenceIntervalSeconds,
      d.presenceIntervalSeconds,
      1,
      3600,
    ),
  };
}
