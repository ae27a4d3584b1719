import type { FleetWorkflows } from "@nucleo/fleet";
import type { WorkflowRegistry } from "../workflows/workflow-registry.js";

/**
 * The queue's check of a submission, by the worker's registry: an unknown workflow or an input
 * its schema refuses is refused before anything is queued (`unknown_workflow`, `input_invalid`
 * naming the field), and what is queued is the input as checked (defaults applied).
 */
export function registryChecks(registry: WorkflowRegistry): FleetWorkflows {
  return {
    check: (name, input) => registry.parseInput(registry.get(name), input),
  };
}
