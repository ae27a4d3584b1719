/**
 * @nucleo/core/testing — test doubles for jobs and dispatchers: time that moves on command and
 * an admission that records every seat.
 *
 * @packageDocumentation
 */
export { ManualTimers } from "./manual-timers.js";
export { RecordingAdmission, type ReturnedSeat } from "./recording-admission.js";
