/**
 * @nucleo/core/testing — test doubles for jobs and dispatchers: time that moves on command (and
 * a way to move it while promise work keeps up), an admission that records every seat, and
 * observers that keep what a run reports.
 *
 * @packageDocumentation
 */
export { ManualTimers } from "./manual-timers.js";
export { runFor, settlePromises } from "./virtual-time.js";
export { RecordingAdmission, type ReturnedSeat } from "./recording-admission.js";
export { RecordingLogger, type LoggedEntry } from "./recording-logger.js";
export { EventLog } from "./event-log.js";
export { invalidInputFrom } from "./invalid-input-from.js";
export { recordedReplays } from "./recorded-replays.js";
