import { AbstractJob, InvalidInputError } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";
import {
  describeWireIssue,
  wireJsonSchema,
  wireKeysFromWire,
  wireKeysToWire,
} from "@nucleo/conversation/internal";
import { isModelDependent, type ModelDependent } from "../model/model-dependent.js";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "./tool-provider.js";

/**
 * A provider for a class-backed tool: each call gets a fresh instance from `create`. The
 * model's snake_case arguments are converted to the tool's camelCase input (only the keys its
 * schema declares: a record's keys stay the model's) and checked against its schema here, so a
 * bad argument is refused naming it as the model knows it. A one-call tool that declares no
 * grade of its own takes its parent's grade and pin; one whose grade is known — declared, or
 * stated in its input — is served by the picker at that grade, even under a pinned parent.
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
    if (!AbstractJob.isJob(this.#prototype))
      throw new TypeError("ClassToolProvider: create() must return a Nucleo job");
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

  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    context: ToolCreationContext,
  ): ToolInvocation {
    const job = this.#create(context);
    // Keys are read by the prototype's schema, the one the model was shown (and whose
    // conversion is compiled once), even when a job builds its own schema per instance.
    const schema = this.#prototype.input;
    const input = wireKeysFromWire(schema, wireArguments);
    const parsed = job.input.safeParse(input);
    if (!parsed.success) {
      const { parameter, expected } = describeWireIssue(schema, input, parsed.error.issues[0]!);
      throw new InvalidInputError({ parameter, expected, cause: parsed.error });
    }
    if (isModelDependent(job)) inheritParentSeat(job, parsed.data, context);
    return { job: job as AbstractJob<unknown, unknown>, input: parsed.data };
  }

  formatResult(output: unknown): string {
    return typeof output === "string"
      ? output
      : JSON.stringify(wireKeysToWire(this.#prototype.output, output));
  }
}

/**
 * Which children take their parent thinker's seat. Only a truly gradeless child does: it works
 * at its parent's grade and, when the parent is pinned, on its pin — it runs exactly where its
 * parent runs. A child whose grade is known — declared in its constructor, or stated in its
 * input (`quick_llm_question`) — is served by the picker at that grade whether or not the
 * parent is pinned. That is what keeps a benchmark fair: its unpinned reference and its pinned
 * candidates then run the same children on the same entries — only the parent's own calls and
 * its gradeless children's move with the pin — so their costs compare. A pin the child was
 * created with is its own and is kept.
 */
function inheritParentSeat(
  job: ModelDependent,
  input: unknown,
  context: ToolCreationContext,
): void {
  if (
    job.grade() !== undefined ||
    job.gradeFromInput?.(input) !== undefined ||
    context.parentGrade === undefined
  )
    return;
  job.setGrade(context.parentGrade);
  if (job.pinnedModel() === undefined && context.parentPin !== undefined)
    job.pinModel(context.parentPin);
}
