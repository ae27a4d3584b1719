import { describeIssue } from "@nucleo/core";
import { WorkerError } from "../worker-error.js";
import type { WorkflowDefinition } from "./workflow-definition.js";

/**
 * The workflows a worker runs, by name. Refuses an unknown name with the registered ones, and
 * an input that fails the workflow's schema with the field named.
 */
export class WorkflowRegistry {
  readonly #byName = new Map<string, WorkflowDefinition>();

  constructor(definitions: readonly WorkflowDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  /** Registers a workflow; a second one with the same name is refused. */
  register(definition: WorkflowDefinition): this {
    if (this.#byName.has(definition.name))
      throw new TypeError(`WorkflowRegistry: "${definition.name}" is registered twice`);
    this.#byName.set(definition.name, definition);
    return this;
  }

  /** Every registered workflow, in registration order. */
  all(): readonly WorkflowDefinition[] {
    return [...this.#byName.values()];
  }

  /**
   * The workflow called `name`.
   *
   * @throws {WorkerError} `unknown_workflow`, listing the registered names.
   */
  get(name: string): WorkflowDefinition {
    const definition = this.#byName.get(name);
    if (definition) return definition;
    const known = [...this.#byName.keys()].map((known) => `"${known}"`).join(", ");
    throw new WorkerError({
      code: "unknown_workflow",
      field: "workflow",
      message: `Unknown workflow ${JSON.stringify(name)}: expected one of ${known}.`,
    });
  }

  /**
   * `input` checked against the workflow's schema, with its defaults applied.
   *
   * @throws {WorkerError} `input_invalid`, naming the field and what it expects.
   */
  parseInput(definition: WorkflowDefinition, input: unknown): unknown {
    const checked = definition.input.safeParse(input);
    if (checked.success) return checked.data;
    const issue = describeIssue(checked.error.issues[0]!, { nameUnknownKeys: true });
    return fail(definition.name, issue.path, issue.expected, checked.error);
  }
}

function fail(workflow: string, field: string, expected: string, cause: unknown): never {
  throw new WorkerError({
    code: "input_invalid",
    field,
    message: `Invalid input for workflow "${workflow}", field ${field}: expected ${expected}.`,
    cause,
  });
}
