export {
  ReplayCheckpoints,
  WORKER_LOST,
  type ReplayCheckpointsOptions,
} from "./replay-checkpoints.js";
