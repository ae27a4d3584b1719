import type { FleetSettingsInput } from "@nucleo/fleet";
import type { LoadedWorkerConfig } from "../config/load-worker-config.js";

/**
 * The queue's settings from the worker's config: the heartbeat and the sweep that decide how
 * soon a dead worker's workflows are taken over (about heartbeat + sweep), and the retries.
 */
export function fleetSettingsOf(config: LoadedWorkerConfig): FleetSettingsInput {
  const { heartbeatSeconds, monitorIntervalSeconds, retryLimit } = config.fleet;
  return {
    heartbeatSeconds,
    monitorIntervalSeconds,
    // The supervisor wakes at least as often as the sweep it runs, or the sweep waits for it.
    superviseIntervalSeconds: Math.min(monitorIntervalSeconds, 5),
    retryLimit,
  };
}
