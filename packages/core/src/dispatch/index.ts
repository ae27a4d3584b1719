export { JobDispatcher } from "./job-dispatcher.js";
export {
  systemClock,
  systemTimers,
  type JobDispatcherOptions,
  type Clock,
  type Timers,
  type ThrottlePolicy,
} from "./dispatcher-options.js";
