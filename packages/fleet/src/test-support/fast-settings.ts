import type { FleetSettingsInput } from "../queue/fleet-settings.js";

/** Settings that make tests fast: the smallest heartbeat pg-boss allows, a sweep every second. */
export const FAST_SETTINGS: FleetSettingsInput = Object.freeze({
  heartbeatSeconds: 10,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  retryLimit: 2,
});
