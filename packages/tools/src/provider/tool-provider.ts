import type { AbstractJob, ArtifactRegistry, Grade } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";

/** What a provider knows about the thinker it creates a tool for. */
export interface ToolCreationContext {
  /** The calling thinker's grade: a one-call tool that declares none of its own takes it. */
  readonly parentGrade?: Grade;
  /**
   * The calling thinker's pin. A child with no grade of its own takes it with `parentGrade`; a
   * child whose grade is known (declared, or from its input) does not, and goes to the picker.
   */
  readonly parentPin?: string;
  /**
   * The calling thinker's artifacts: a tool that produces artifacts registers them here, so the
   * thinker (and a delegate, which has its own) can cite them by ref.
   */
  readonly artifacts?: ArtifactRegistry;
}

/** One call of a tool, ready for the dispatcher: the job and its (TypeScript-spelled) input. */
export interface ToolInvocation {
  readonly job: AbstractJob<unknown, unknown>;
  readonly input: unknown;
}

/**
 * A tool as a model sees it and a thinker runs it: a name, a description and the JSON Schema
 * the model reads; whether it only reads; and how to turn one call's wire arguments into a job
 * for the dispatcher, and its output back into the text the model reads.
 *
 * `readOnly()` answers false unless the provider can establish otherwise — the correct answer
 * for an MCP server (which describes no such property) or anything admitted at run time. A
 * provider that wraps another must forward the wrapped one's answer.
 */
export interface ToolProvider {
  /** snake_case, as the model calls it. */
  readonly name: string;
  readonly description: string;
  /** The JSON Schema of the arguments, as the model reads it. */
  inputSchema(): JsonSchema;
  /** Whether every call only reads. */
  readOnly(): boolean;
  /** The job and input for one call with the model's arguments (wire spelling, untrusted). */
  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    context: ToolCreationContext,
  ): ToolInvocation;
  /** The tool's output as the text the model reads. */
  formatResult(output: unknown): string;
}
