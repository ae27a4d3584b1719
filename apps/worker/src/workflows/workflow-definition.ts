import type { ConversationService, LlmEnvironment } from "@nucleo/conversation";
import type { AbstractJob } from "@nucleo/core";
import type { z } from "zod";
import type { MockResponder } from "../mock/mock-responder.js";

/** What a workflow is built with: the deployment's models and its durable conversations. */
export interface WorkflowServices {
  readonly environment: LlmEnvironment;
  /** Conversations that outlive a run (the recorder's database in the worker). */
  readonly conversations: ConversationService;
}

/** The root job of one run and the input it is submitted with. */
export interface WorkflowStart {
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every input and output type
  readonly job: AbstractJob<any, any>;
  readonly input: unknown;
}

/**
 * A workflow the worker can run by name: its input schema (what `run --input` is checked
 * against), an example input (what the default run uses), how to build its root job, and the
 * turns the mock provider plays for it when no API key is set.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds workflows of every input type
export interface WorkflowDefinition<TInput = any> {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodType<TInput>;
  readonly exampleInput: TInput;
  /** Builds a fresh root job for one run. */
  start(input: TInput, services: WorkflowServices): WorkflowStart;
  /** Answers the mock provider's requests that belong to this workflow, and only those. */
  readonly mock: MockResponder;
}
