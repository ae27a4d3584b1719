import { AbstractJob, InvalidInputError } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";
import { isModelDependent } from "../model/model-dependent.js";
import { wireJsonSchema } from "../schema/wire-json-schema.js";
import { describeWireIssue } from "../schema/wire-issue.js";
import { wireKeysFromWire, wireKeysToWire } from "../schema/wire-keys.js";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "./tool-provider.js";

/**
 * A provider for a class-backed tool: each call gets a fresh instance from `create`. The
 * model's snake_case arguments are converted to the tool's camelCase input (only the keys its
 * schema declares: a record's keys stay the model's) and checked against its schema here, so a
 * bad argument is refused naming it as the model knows it. A one-call tool that declares no
 * grade of its own takes its parent's.
 *
 * @example
 * const wordCount = new ClassToolProvider(() => new WordCount());
 * registry.register(wordCount);
 */
export class ClassToolProvider<TInput, TOutput> implements ToolProvider {
  readonly name: string;
  readonly description: string;
  readonly #create: (context: ToolCreationContext) => AbstractJob<TInput, TOutput>;
  readonly #readOnly: boolean;
  readonly #prototype: AbstractJob<TInput, TOutput>;
  #schema: JsonSchema | undefined;

  constructor(create: (context: ToolCreationContext) => AbstractJob<TInput, TOutput>) {
    this.#create = create;
    this.#prototype = create({});
    if (!AbstractJob.isJob(this.#prototype)) throw new TypeError("ClassToolProvider: create() must return a Nucleo job");
    this.name = this.#prototype.name;
    this.description = this.#prototype.description;
    this.#readOnly = this.#prototype.readOnly === true;
  }

  inputSchema(): JsonSchema {
    this.#schema ??= wireJsonSchema(this.#prototype.input);
    return this.#schema;
  }

  readOnly(): boolean {
    return this.#readOnly;
  }

  invoke(wireArguments: Readonly<Record<string, unknown>>, context: ToolCreationContext): ToolInvocation {
    const job = this.#create(context);
    if (isModelDependent(job) && job.grade() === undefined && context.parentGrade !== undefined) {
      // Inheriting the parent's grade means inheriting its seat: a pinned parent (a benchmark
      // run) pins the tool to the same entry, so one run never mixes models.
      job.setGrade(context.parentGrade);
      if (job.pinnedModel() === undefined && context.parentPin !== undefined) job.pinModel(context.parentPin);
    }
    // Keys are read by the prototype's schema, the one the model was shown (and whose
    // conversion is compiled once), even when a job builds its own schema per instance.
    const schema = this.#prototype.input;
    const input = wireKeysFromWire(schema, wireArguments);
    const parsed = job.input.safeParse(input);
    if (!parsed.success) {
      const { parameter, expected } = describeWireIssue(schema, input, parsed.error.issues[0]!);
      throw new InvalidInputError({ parameter, expected, cause: parsed.error });
    }
    return { job: job as AbstractJob<unknown, unknown>, input: parsed.data };
  }

  formatResult(output: unknown): string {
    return typeof output === "string" ? output : JSON.stringify(wireKeysToWire(this.#prototype.output, output));
  }
}
