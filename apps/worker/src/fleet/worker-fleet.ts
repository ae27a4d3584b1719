import { openFleetQueue, type FleetClient, type FleetQueue } from "@nucleo/fleet";
import type { Logger } from "@nucleo/core";
import type { Worker } from "../compose/worker.js";
import { fleetSettingsOf } from "./fleet-settings-of.js";
import { registryChecks } from "./registry-checks.js";

/** A worker's queue of workflows: the queue, in the recorder's database, and a client of it. */
export interface WorkerFleet {
  readonly queue: FleetQueue;
  readonly client: FleetClient;
}

/**
 * Opens the queue of workflows in the worker's database — the same PostgreSQL server, or the
 * same embedded PGlite instance (one process: `examples` submits and serves in it) — with the
 * config's fleet settings. Close the queue before the worker: on PGlite the worker's recorder
 * owns the instance the queue runs on.
 */
export async function openWorkerFleet(worker: Worker, logger: Logger): Promise<WorkerFleet> {
  const queue = await openFleetQueue({
    database: worker.recorder.queueDatabase,
    ...fleetSettingsOf(worker.config),
    logger,
  });
  return { queue, client: queue.client(registryChecks(worker.registry)) };
}
