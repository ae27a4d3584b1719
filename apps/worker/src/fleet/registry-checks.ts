import type { FleetWorkflows } from "@nucleo/fleet";
import type { WorkflowRegistry } from "../workflows/workflow-registry.js";

/**
 * The queue's check of a submission, by the worker's registry: an unknown workflow or an input
 * its schema refuses is refused before anything is queued (`unknown_workflow`, `input_invalid`
 * naming the field); what is queued is the input as submitted, checked again when it runs.
 */
export function registryChecks(registry: WorkflowRegistry): FleetWorkflows {
  return {
    check: (name, input) => {
      registry.parseInput(registry.get(name), input);
      // The input as submitted is what is queued: the worker checks it again when it runs it,
      // and a schema that transforms (or coerces) would not take its own output back.
      return input;
    },
  };
}
