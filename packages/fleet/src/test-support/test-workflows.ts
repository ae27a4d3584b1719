import type { FleetWorkflows } from "../client/fleet-client.js";

/** What the fake registry throws, shaped like the worker's WorkerError: a code and a field. */
export class TestWorkflowError extends Error {
  constructor(
    readonly code: "unknown_workflow" | "input_invalid",
    message: string,
  ) {
    super(message);
    this.name = "TestWorkflowError";
  }
}

/**
 * A registry of test workflows, as the worker's would check them: any name in `names`, with an
 * input that must be an object (`{ "bad": true }` is refused, as a schema would). The checked
 * input gets `checked: true`, so tests can see that the checked value is what was queued.
 */
export function testWorkflows(
  names: readonly string[] = ["echo", "slow", "flaky"],
): FleetWorkflows {
  return {
    check(name, input) {
      if (!names.includes(name))
        throw new TestWorkflowError(
          "unknown_workflow",
          `Unknown workflow ${JSON.stringify(name)}.`,
        );
      if (typeof input !== "object" || input === null || (input as { bad?: unknown }).bad === true)
        throw new TestWorkflowError("input_invalid", `Invalid input for workflow "${name}".`);
      return { ...input, checked: true };
    },
  };
}
