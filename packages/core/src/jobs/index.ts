export { AbstractJob } from "./abstract-job.js";
export { AbstractTool } from "./abstract-tool.js";
export { AbstractOrchestrator } from "./abstract-orchestrator.js";
export { AbstractDoer } from "./abstract-doer.js";
export type { JobHandle } from "./job-handle.js";
export { META_ITERATION } from "./job-context.js";
export { markBindsReadOnly } from "./read-only-binding.js";
export type {
  JobContext,
  JobResources,
  AttemptInfo,
  ChildSubmitOptions,
  SubmitOptions,
} from "./job-context.js";
export type { Tool, Orchestrator, Doer, Thinker } from "./job-interfaces.js";
export { markJobRole, type JobRole } from "./job-role.js";
