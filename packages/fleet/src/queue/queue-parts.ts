import type { Logger } from "@nucleo/core";
import type { PgBoss } from "pg-boss";
import { FleetError } from "../fleet-error.js";
import type { FleetSettings } from "./fleet-settings.js";

/** What a queue's client and servers share: the one PgBoss instance, its settings, its logger. */
export interface QueueParts {
  readonly boss: PgBoss;
  readonly settings: FleetSettings;
  readonly logger: Logger;
  /** Servers still serving, stopped first when the queue closes. */
  readonly servers: Set<{ stop(): Promise<void> }>;
  /** Set once `close()` was called. */
  closed: boolean;
}

// Kept out of the public classes, so PgBoss stays an implementation detail of the package.
const parts = new WeakMap<object, QueueParts>();

/** Records the parts of a newly opened queue. */
export function registerQueueParts(queue: object, queueParts: QueueParts): void {
  parts.set(queue, queueParts);
}

/**
 * The parts of `queue`, refusing a queue that is closed (or that this copy of the package did
 * not open).
 */
export function openQueueParts(queue: object): QueueParts {
  const found = parts.get(queue);
  if (found === undefined)
    throw new FleetError({
      code: "closed",
      message: "This FleetQueue was not opened by openFleetQueue (of this copy of @nucleo/fleet).",
    });
  if (found.closed)
    throw new FleetError({ code: "closed", message: "The FleetQueue is closed: open a new one." });
  return found;
}
