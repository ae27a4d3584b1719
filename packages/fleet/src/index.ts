/**
 * @nucleo/fleet — Nucleo workflows as a queue on PostgreSQL (pg-boss): a typed client that
 * submits, watches and cancels them, and the serving loop each worker of a fleet runs, with
 * heartbeats, crash takeover, retries and dead letters.
 *
 * @packageDocumentation
 */
export { openFleetQueue, FleetQueue, type OpenFleetQueueOptions } from "./queue/fleet-queue.js";
export type { FleetDatabase, PgliteInstance } from "./queue/database-target.js";
export {
  FLEET_DEFAULTS,
  resolveFleetSettings,
  type FleetSettings,
  type FleetSettingsInput,
} from "./queue/fleet-settings.js";
export {
  FleetClient,
  type FleetWorkflows,
  type ResultOptions,
  type Submitted,
  type WorkflowJobData,
} from "./client/fleet-client.js";
export type { SubmitOptions } from "./client/submit-options.js";
export type { ListOptions } from "./client/list-workflows.js";
export type { WorkflowState, WorkflowStatus } from "./client/workflow-status.js";
export type { ScheduleOptions, WorkflowSchedule } from "./client/schedules.js";
export type { DeadLetter } from "./client/dead-letters.js";
export type { QueueCounts } from "./client/queue-counts.js";
export type { FleetWorker, WorkersOptions } from "./client/fleet-workers.js";
export {
  idempotentWorkflowId,
  WORKFLOW_ID_NAMESPACE,
} from "./client/idempotent-workflow-id.js";
export { FleetServer } from "./server/fleet-server.js";
export type { FleetHandler, FleetRun, RunEnding } from "./server/fleet-run.js";
export { isRetryableByDefault, type ServeOptions } from "./server/serve-options.js";
export {
  FleetError,
  type FleetErrorCode,
  type FleetErrorOptions,
  type StoredWorkflowError,
} from "./fleet-error.js";
