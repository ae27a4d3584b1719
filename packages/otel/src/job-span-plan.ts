import type { JobSubmittedEvent } from "@nucleo/core";
import type { Attributes } from "@opentelemetry/api";
import { GEN_AI, NUCLEO } from "./attribute-names.js";
import type { SpanJob } from "./open-jobs.js";

/** The span a submitted job opens: its operation, name and the attributes known at its start. */
export interface JobSpanPlan {
  readonly operation: SpanJob["operation"];
  readonly name: string;
  /** What a sampler may want, given at the start: the operation and the agent's, tool's or workflow's name. */
  readonly start: Attributes;
  /** Our ids, set after the start (the SDK checks start attributes twice). */
  readonly attributes: Attributes;
}

/**
 * What a job that has a span of its own is, in the conventions' terms: a thinker (`agent` role)
 * is `invoke_agent`, a tool `execute_tool`, any other orchestrator (a doer) `invoke_workflow`,
 * the conventions' span for a process that coordinates several operations. Names are
 * `{operation} {name}` with the job's tool name.
 */
export function jobSpanPlan(event: JobSubmittedEvent): JobSpanPlan {
  const name = typeof event.jobName === "string" && event.jobName !== "" ? event.jobName : "job";
  const operation =
    event.role === "agent"
      ? "invoke_agent"
      : event.kind === "tool"
        ? "execute_tool"
        : "invoke_workflow";
  const start: Attributes = { [GEN_AI.operation]: operation };
  const attributes: Attributes = {};
  if (operation === "invoke_agent") {
    start[GEN_AI.agentName] = name;
    // A thinker instance runs once: the job id is the agent's identity for this invocation.
    attributes[GEN_AI.agentId] = event.jobId;
  } else if (operation === "execute_tool") start[GEN_AI.toolName] = name;
  else start[GEN_AI.workflowName] = name;
  attributes[NUCLEO.jobId] = event.jobId;
  if (typeof event.jobClass === "string") attributes[NUCLEO.jobClass] = event.jobClass;
  if (typeof event.parentId === "string") attributes[NUCLEO.parentJobId] = event.parentId;
  attributes[NUCLEO.workflowId] = typeof event.rootId === "string" ? event.rootId : event.jobId;
  if (typeof event.ordinal === "number") attributes[NUCLEO.step] = event.ordinal;
  return { operation, name: `${operation} ${name}`, start, attributes };
}
