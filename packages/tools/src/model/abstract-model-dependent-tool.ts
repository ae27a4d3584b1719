import {
  AbstractTool,
  DEFAULT_COMFORT_CONTEXT_TOKENS,
  DEFAULT_COMPACTION_TRIGGER,
  SystemError,
  unwrap,
  type AttemptInfo,
  type Depth,
  type Grade,
  type JobContext,
  type JobResources,
  type OutputSize,
  type SeatRequest,
} from "@nucleo/core";
import {
  Conversation,
  ModelExchange,
  type CheckedAnswer,
  type LlmClient,
  type LlmEnvironment,
  type ResponseContract,
} from "@nucleo/conversation";
import { wireKeysToWire } from "@nucleo/conversation/internal";
import { markModelDependent, type ModelDependent } from "./model-dependent.js";

/** What every one-call tool is built with. */
export interface ModelDependentToolOptions {
  readonly environment: LlmEnvironment;
  /** The grade; omitted, the tool takes its parent thinker's when a provider creates it. */
  readonly grade?: Grade;
  readonly pin?: string;
}

/** How a one-call tool's conversation is shaped. */
export interface WiredConversation<TAnswer> {
  readonly depth: Depth;
  readonly output: OutputSize;
  readonly contract: ResponseContract<TAnswer>;
}

/**
 * A tool whose work is one exchange with a model. It declares its grade in the constructor
 * and holds no client and no model: in `requirements` it calls {@link wireConversation}, which
 * builds the conversation once (the input rendered as the prompt, the answer contract from the
 * output schema) and wires a fresh binding per attempt — so the seat is priced from exactly
 * what the wire sends and a pinned instance resolves to its entry. In `execute` it calls
 * {@link converse}, which sends on {@link client} and corrects the answer like `LLMCall` does.
 *
 * @example
 * class Classify extends AbstractModelDependentTool<{ text: string }, { label: string }> {
 *   readonly name = "classify";
 *   readonly input = z.object({ text: z.string() });
 *   readonly output = z.object({ label: z.string() });
 *   constructor(options: ModelDependentToolOptions) { super({ grade: "SMALL", ...options }); }
 *   override requirements(input: { text: string }, attempt: AttemptInfo) {
 *     return this.wireConversation(input, attempt, { depth: "QUICK", output: "VERDICT", contract: LABEL }, "Label the text.");
 *   }
 *   async execute(_input: { text: string }, resources: JobResources, context: JobContext) {
 *     return this.converse(resources, context);
 *   }
 * }
 */
export abstract class AbstractModelDependentTool<TInput, TOutput>
  extends AbstractTool<TInput, TOutput>
  implements ModelDependent
{
  protected readonly environment: LlmEnvironment;
  #grade: Grade | undefined;
  #pin: string | undefined;
  #exchange: ModelExchange<TOutput> | undefined;

  constructor(options: ModelDependentToolOptions) {
    super();
    this.environment = options.environment;
    this.#grade = options.grade;
    this.#pin = options.pin;
  }

  grade(): Grade | undefined {
    return this.#grade;
  }

  setGrade(grade: Grade): void {
    this.#grade = grade;
  }

  pinModel(entryId: string | undefined): void {
    this.#pin = entryId;
  }

  pinnedModel(): string | undefined {
    return this.#pin;
  }

  /**
   * The grade `input` asks for, when this tool's grade is part of its input rather than its
   * declaration (override it, as `QuickLLMQuestionTool` does, and set the grade from it in
   * `requirements`). Default `undefined`: the grade is the declared one, or the parent's.
   */
  gradeFromInput(_input: TInput): Grade | undefined {
    return undefined;
  }

  /**
   * What the model was asked in this instance's last run: the instructions (the objective)
   * and the prompt (the first user turn). `undefined` before the conversation is wired. A
   * benchmark's judge reads it, as it reads a thinker's transcript.
   */
  askedWith(): { readonly objective: string; readonly prompt: string } | undefined {
    const conversation = this.#exchange?.options.conversation;
    if (!conversation) return undefined;
    const objective = conversation
      .objective()
      .map(([slot, text]) => (slot === "task" ? text : `## ${slot}\n${text}`))
      .join("\n\n");
    const first = conversation.turns().find((turn) => turn.role === "user");
    const prompt =
      first?.parts
        .filter((part) => part.type === "text")
        .map((part) => part.text)
        .join("\n") ?? "";
    return { objective, prompt };
  }

  /**
   * Builds the conversation once — `instructions` as the objective, the input (in the wire's
   * spelling) as the prompt — and prices this attempt's seat from it.
   */
  protected wireConversation(
    input: TInput,
    attempt: AttemptInfo,
    shape: WiredConversation<TOutput>,
    instructions: string,
  ): SeatRequest[] {
    return this.wireConversationWith(attempt, shape, () => {
      const conversation = this.#newConversation(shape);
      conversation
        .putMainObjective(instructions)
        .addUser(JSON.stringify(wireKeysToWire(this.input, input), null, 2));
      return conversation;
    });
  }

  /**
   * The supplier form, for a conversation the prompt cannot express (images, files): `build`
   * runs once; each attempt gets a fresh binding the same way, and the answer is corrected the
   * same way.
   */
  protected wireConversationWith(
    attempt: AttemptInfo,
    shape: WiredConversation<TOutput>,
    build: () => Conversation,
  ): SeatRequest[] {
    // A first attempt is a new submission: an instance run again starts a fresh conversation
    // rather than answering its previous input twice.
    const firstAttempt = attempt.number === 1;
    if (!this.#exchange || firstAttempt) {
      const conversation = build();
      conversation.seat = { grade: this.#requireGrade(), depth: shape.depth, output: shape.output };
      this.#exchange = new ModelExchange({
        conversation,
        environment: this.environment,
        contract: shape.contract,
        ...(this.#pin === undefined ? {} : { pin: this.#pin }),
      });
    }
    return this.#exchange.requirements(attempt);
  }

  /** A conversation with this tool's seat words, for {@link wireConversationWith}'s builders. */
  protected newConversation(shape: WiredConversation<TOutput>): Conversation {
    return this.#newConversation(shape);
  }

  /**
   * Sends the wired conversation on {@link client} and returns the checked answer. The broad
   * catch rethrows through `unwrap`, so a correction, a throttle or a truncation escalation
   * reaches the dispatcher as the signal it is, never as a failure. Past the last correction,
   * an answer that still breaks the contract is returned as it is — and the dispatcher's output
   * check then fails the job naming the field (docs/decisions/0006).
   */
  protected async converse(resources: JobResources, context: JobContext): Promise<TOutput> {
    try {
      const exchange = this.#exchange;
      if (!exchange)
        throw new SystemError({
          code: "not_wired",
          message: `Tool "${this.name}" conversed before wiring its conversation in requirements().`,
        });
      const { checked } = await exchange.exchange(resources, context, this.client(resources));
      return answerOf(checked, this.name);
    } catch (error) {
      throw unwrap(error);
    }
  }

  /** The client for this call: the one seam a test overrides to answer without a transport. */
  protected client(_resources: JobResources): LlmClient {
    return this.environment.clientFor(this.#exchange!.entry());
  }

  #newConversation(shape: WiredConversation<TOutput>): Conversation {
    return new Conversation(
      crypto.randomUUID(),
      { grade: this.#requireGrade(), depth: shape.depth, output: shape.output },
      true,
      DEFAULT_COMFORT_CONTEXT_TOKENS,
      DEFAULT_COMPACTION_TRIGGER,
    );
  }

  #requireGrade(): Grade {
    if (this.#grade === undefined) {
      throw new SystemError({
        code: "no_grade",
        message: `Tool "${this.name}" has no grade: declare one in its constructor, or create it through a provider for a thinker.`,
      });
    }
    return this.#grade;
  }
}

function answerOf<TOutput>(checked: CheckedAnswer<TOutput> | undefined, name: string): TOutput {
  if (!checked)
    throw new SystemError({
      code: "no_answer",
      message: `Tool "${name}": the model called tools instead of answering.`,
    });
  return checked.answer as TOutput;
}

// Once, on the prototype: a one-call tool is built per question.
markModelDependent(AbstractModelDependentTool.prototype);
