/**
 * @nucleo/core/testing — test doubles for jobs and dispatchers: time that moves on command (and
 * a way to move it while promise work keeps up) and an admission that records every seat.
 *
 * @packageDocumentation
 */
export { ManualTimers } from "./manual-timers.js";
export { runFor, settlePromises } from "./virtual-time.js";
export { RecordingAdmission, type ReturnedSeat } from "./recording-admission.js";
