export { JobDispatcher } from "./job-dispatcher.js";
export type { JobDispatcherOptions, Clock, Timers, ThrottlePolicy } from "./dispatcher-options.js";
