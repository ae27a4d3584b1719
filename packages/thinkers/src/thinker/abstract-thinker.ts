import {
  AbstractOrchestrator,
  ArtifactRegistry,
  Depth,
  Grade,
  InvalidInputError,
  markBindsReadOnly,
  SystemError,
  ThinkerDeclaration,
  type ChildSubmitOptions,
  type JobContext,
  type Thinker,
} from "@nucleo/core";
import { thinkingActive, type CatalogEntry } from "@nucleo/catalog";
import {
  LLMCall,
  type Conversation,
  type Part,
  type ConversationService,
  type LlmCallOutput,
  type LlmEnvironment,
  type ToolCallPart,
} from "@nucleo/conversation";
import {
  ToolRegistry,
  type ModelDependent,
  type Skill,
  type ToolCreationContext,
  type ToolHub,
  type ToolProvider,
} from "@nucleo/tools";
import { markModelDependent } from "@nucleo/tools/internal";
import type { ThinkingResponseHandler } from "../answer/index.js";
import { ReadOnlyBinding } from "./read-only-binding.js";
import { META_PARENT_DEPTH } from "./run-metadata.js";
import { DoorState, type DoorWiring } from "./door-state.js";
import { readTranscript, RunTurns, type ThinkerTranscript } from "./transcript.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";
import { DELEGATION, type DelegationSeed } from "./delegation-seed.js";
import {
  SUB_THINKER,
  createSubThinkerProvider,
  whenDelegatesLoaded,
  type SubThinkerProvider,
} from "../builtins/sub-thinker-provider.js";
import { answerHandlerFor } from "./answer-handlers.js";
import { judgeAnswer, NO_ANSWER } from "./answer-judge.js";
import { NO_CATALOGS, withoutAdmitted, withoutRegistered } from "./catalog-filters.js";
import { childOptionsFor, seatFor } from "./run-words.js";
import { DEFAULT_MAX_TURNS, type ThinkerOptions } from "./thinker-options.js";
import { runToolCalls } from "./tool-turn.js";

export { DEFAULT_MAX_TURNS, type ThinkerOptions } from "./thinker-options.js";

/** What one run holds while it lasts. */
interface ThinkerRun {
  readonly context: JobContext;
  readonly conversation: Conversation;
  readonly binding: ReadOnlyBinding;
  readonly childOptions: ChildSubmitOptions;
  readonly creation: ToolCreationContext;
  /** Where the run's turns are, across compactions. */
  readonly turns: RunTurns;
  /** What the doors of this run are wired to: built the first time a catalog has anything. */
  doorWiring: DoorWiring | undefined;
}

/**
 * The model-driven loop and its guarantees. Each turn: the reconcile hooks, then the read-only
 * sweep, then the tool definitions, then the model turn (the {@link submitThinkingCall} seam).
 * Tool calls run in parallel under the turn's step ordinal and their results go back as one
 * message; a final answer crosses the answer boundary, has its artifact refs resolved and its
 * guardrails run while the conversation is still held. A refusal is a correction turn; an
 * accepted answer is published and returned. A run that never answers ends after `maxTurns`.
 *
 * Subclasses override only the hooks (`reconcileToolRegistry`, `reconcileCompatibleTools`,
 * `reconcileSkillCatalog`, `validateToolCall`, `declareValidationGuardrails`) and the shape's
 * own members. The sweep, the admission check and the answer boundary live in private members
 * and module functions, so no override can drop them.
 */
export abstract class AbstractThinker<TInput, TOutput>
  extends AbstractOrchestrator<TInput, TOutput>
  implements Thinker<TInput, TOutput>, ModelDependent
{
  /** The deployment's picker, counters, clients and clock. */
  protected readonly environment: LlmEnvironment;
  /** The compatible-tool and skill catalogs, when the thinker has them. */
  protected readonly hub: ToolHub | undefined;
  /** The run's typed artifacts, handed around by ref. */
  protected readonly artifacts: ArtifactRegistry;
  readonly #conversations: ConversationService | undefined;
  readonly #tools = new ToolRegistry();
  readonly #maxTurns: number;
  readonly #subThinker: SubThinkerProvider;
  /** Names `request_tools` added during the current run; removed when the next run starts. */
  #granted: Set<string> | undefined;
  #doors = new DoorState();
  #declaration: ThinkerDeclaration;
  #pin: string | undefined;
  #depth: Depth = Depth.STANDARD;
  #handler: ThinkingResponseHandler<TOutput> | undefined;
  #thinkingActive = false;
  #conversation: Conversation | undefined;
  #runTurns: RunTurns | undefined;
  #accepted: { readonly answer: TOutput } | undefined;
  #running = false;

  constructor(declaration: ThinkerDeclaration, options: ThinkerOptions) {
    super();
    this.#declaration = ThinkerDeclaration.of(declaration);
    this.environment = options.environment;
    this.hub = options.hub;
    this.#conversations = options.conversations;
    this.#pin = options.pin;
    this.#maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
    if (!Number.isInteger(this.#maxTurns) || this.#maxTurns < 1)
      throw new RangeError(
        `ThinkerOptions.maxTurns must be a positive integer, got ${options.maxTurns}`,
      );
    this.artifacts = options.artifacts ?? new ArtifactRegistry();
    this.#subThinker = createSubThinkerProvider(this);
    this.#tools.register(this.#subThinker);
  }

  /** The seat's declared words: grade, output size, optional comfort window and trigger. */
  get declaration(): ThinkerDeclaration {
    return this.#declaration;
  }

  /** The grade the thinker's calls are seated at. */
  grade(): Grade {
    return this.#declaration.grade;
  }

  /**
   * Raises the grade after construction (a caller wants a stronger model for this run; an
   * instance usually serves one run, and the raise holds for every run that follows). Lowering
   * below the declaration is refused: the declaration is the floor the work needs.
   */
  setGrade(grade: Grade): void {
    const declared = this.#declaration.grade;
    if (!Grade.is(grade))
      throw new InvalidInputError({
        parameter: "grade",
        expected: `one of ${[...Grade.ladder, "CEILING"].join(", ")}`,
      });
    const lower =
      declared === "CEILING"
        ? grade !== "CEILING"
        : Grade.isRung(grade) && Grade.compare(grade, declared) < 0;
    if (lower)
      throw new InvalidInputError({
        parameter: "grade",
        expected: `${declared} or stronger (the declared floor of "${this.name}")`,
      });
    this.#declaration = ThinkerDeclaration.of({ ...this.#declaration, grade });
  }

  /** Pins every model call of the thinker to one entry (or unpins with `undefined`). */
  pinModel(entryId: string | undefined): void {
    this.#pin = entryId;
  }

  /** The catalog entry every model call of the thinker is pinned to, if any. */
  pinnedModel(): string | undefined {
    return this.#pin;
  }

  /**
   * The one exception to the output rungs: a raw per-turn budget for a seat whose answer fits
   * none. The last declaration wins. Budgets never propagate to delegates.
   */
  setOutputBudget(tokens: number): void {
    if (!Number.isInteger(tokens) || tokens <= 0)
      throw new InvalidInputError({ parameter: "tokens", expected: "a positive integer" });
    this.#declaration = ThinkerDeclaration.of({ ...this.#declaration, output: { tokens } });
  }

  /** The effort of the current (or last) run. */
  depth(): Depth {
    return this.#depth;
  }

  /** The least depth at which this thinker may delegate through `sub_thinker`. */
  protected delegationThreshold(): Depth {
    return Depth.STANDARD;
  }

  /** Declares tools; call from the constructor. Registering the same provider twice is a no-op. */
  protected addTools(...providers: ToolProvider[]): this {
    for (const provider of providers) this.#tools.register(provider);
    return this;
  }

  // ---- hooks ---------------------------------------------------------------------------

  /**
   * Runs at the start of every turn, before the sweep. Must be state-based: the same state
   * twice gives the same registry. The default keeps `sub_thinker` at or above
   * {@link delegationThreshold} and removes it below. Overrides may call `super` to keep it.
   */
  protected reconcileToolRegistry(registry: ToolRegistry): void {
    if (Depth.atLeast(this.depth(), this.delegationThreshold()))
      registry.register(this.#subThinker);
    else registry.unregister(SUB_THINKER);
  }

  /** The compatible-tool catalog `request_tools` offers this turn. Default: the hub's, as is. */
  protected reconcileCompatibleTools(
    catalog: ReadonlyMap<string, ToolProvider>,
  ): ReadonlyMap<string, ToolProvider> {
    return catalog;
  }

  /** The skill catalog `request_skill` offers this turn. Default: the hub's, as is. */
  protected reconcileSkillCatalog(catalog: ReadonlyMap<string, Skill>): ReadonlyMap<string, Skill> {
    return catalog;
  }

  /**
   * Checks one call before it runs; throw an `InvalidInputError` to refuse it (the model reads
   * the refusal). The admission check of the read-only binding runs before this, whatever it does.
   */
  protected validateToolCall(_call: ToolCallPart, _provider: ToolProvider): void {}

  /** The checks every final answer must pass while the conversation is still held. */
  protected declareValidationGuardrails(): readonly ValidationGuardrail<TOutput>[] {
    return [];
  }

  // ---- the shape's members ---------------------------------------------------------------

  /** The depth of a run: a goal-directed thinker's input's, clamped; a reactive one's own. */
  protected abstract runDepth(input: TInput, parentDepth: Depth | undefined): Depth;

  /** The conversation of a run, its objective in place (a durable one with its earlier turns). */
  protected abstract openConversation(
    input: TInput,
    seat: Conversation["seat"],
    context: JobContext,
  ): Conversation | Promise<Conversation>;

  /** The user turn that opens a run: the loop appends it, so it knows where the run begins. */
  protected abstract openingTurn(input: TInput): string | readonly Part[];

  /** Whether a refused answer is put back to the model (`correct`) or ends the run (`end`). */
  protected refusedAnswerPolicy(): "correct" | "end" {
    return "correct";
  }

  /** Called with the accepted answer before it is returned (a chat streams it to its reader). */
  protected publishAnswer(_answer: TOutput): void | Promise<void> {}

  /** Called after every run, answered or not (a durable conversation is saved here). */
  protected closeConversation(_conversation: Conversation): void | Promise<void> {}

  /**
   * The model turn: submits the call under the turn's step ordinal and returns what the model
   * sent. The call appends the model's turn to the conversation. The one seam a test may
   * override to drive the real loop with scripted turns.
   */
  protected submitThinkingCall(
    call: LLMCall,
    context: JobContext,
    options?: ChildSubmitOptions,
  ): Promise<LlmCallOutput<undefined>> {
    return context.submitInCurrentStep(call, undefined, options);
  }

  // ---- the loop --------------------------------------------------------------------------

  /**
   * The whole of the last run: every turn, every tool called with its arguments and what it
   * returned, every correction, and the accepted answer. What a benchmark's judge reads.
   */
  transcript(): ThinkerTranscript<TOutput> {
    if (!this.#conversation)
      throw new SystemError({
        code: "not_run",
        message: `Thinker "${this.name}" has no transcript: it has not run.`,
      });
    return readTranscript(this.name, this.#conversation, this.#runTurns!, this.#accepted);
  }

  /** Runs the loop (the dispatcher calls this; submit the thinker, never call it yourself). */
  async execute(input: TInput, context: JobContext): Promise<TOutput> {
    if (this.#running)
      throw new SystemError({
        code: "thinker_busy",
        message: `Thinker "${this.name}" is already running; submit a new instance for a concurrent run.`,
      });
    this.#running = true;
    try {
      // Opened by a plain method: this async frame, kept while the run waits on its model,
      // holds only what the turns need.
      const opened = whenDelegatesLoaded(() => this.#openRun(input, context));
      const run = opened instanceof Promise ? await opened : opened;
      try {
        // One turn per pass, written inline rather than as a method: a frame less per run in
        // flight while it waits on its model.
        for (let turn = 1; turn <= this.#maxTurns; turn++) {
          this.#beginTurn(run);
          if (this.#conversations?.canCompact) await this.#compact(run);
          const output = await this.submitThinkingCall(
            this.#turnCall(run),
            context,
            run.childOptions,
          );
          if (output.toolCalls.length > 0) {
            await runToolCalls(output.toolCalls, run, this.#tools, (call, provider) =>
              this.validateToolCall(call, provider),
            );
            continue;
          }
          const outcome = await this.#judgeAnswer(output, run);
          if (outcome !== NO_ANSWER) return outcome;
        }
        throw new SystemError({
          code: "turn_limit",
          message: `Thinker "${this.name}" reached its limit of ${this.#maxTurns} model turns without an accepted answer.`,
        });
      } finally {
        await this.closeConversation(run.conversation);
      }
    } finally {
      this.#running = false;
    }
  }

  /** A run's start: its state reset, its depth and seat, its conversation with the opening turn. */
  #openRun(input: TInput, context: JobContext): ThinkerRun | Promise<ThinkerRun> {
    this.#accepted = undefined;
    // A fresh door state per run; the first run uses the one the thinker was built with.
    if (this.#conversation !== undefined) this.#doors = new DoorState();
    if (this.#granted) for (const name of this.#granted) this.#tools.unregister(name);
    this.#granted = undefined;
    const parentDepth = context.metadata[META_PARENT_DEPTH];
    this.#depth = this.runDepth(input, Depth.is(parentDepth) ? parentDepth : undefined);
    const seat = seatFor(this.#declaration.grade, this.#depth, this.#declaration.output);
    const opened = this.openConversation(input, seat, context);
    // A subclass may answer with any promise-like (a durable store's), or the conversation itself.
    if (typeof (opened as { then?: unknown }).then === "function")
      return Promise.resolve(opened).then((conversation) =>
        this.#startRun(input, context, seat, conversation),
      );
    return this.#startRun(input, context, seat, opened as Conversation);
  }

  #startRun(
    input: TInput,
    context: JobContext,
    seat: Conversation["seat"],
    conversation: Conversation,
  ): ThinkerRun {
    conversation.seat = seat;
    this.#conversation = conversation;
    this.#runTurns = new RunTurns(conversation.turns().length);
    conversation.addUser(this.openingTurn(input));
    // The sealed scope is read-only when the caller bound it or the class declares `readOnly`
    // (the dispatcher seals that onto the thinker itself): every child inherits it.
    return {
      context,
      conversation,
      binding: new ReadOnlyBinding(context.scope.readOnly, context),
      turns: this.#runTurns,
      childOptions: childOptionsFor(this.#depth),
      doorWiring: undefined,
      creation: {
        parentGrade: this.#declaration.grade,
        artifacts: this.artifacts,
        ...(this.#pin === undefined ? {} : { parentPin: this.#pin }),
      },
    };
  }

  /** The model call of a turn, on the run's conversation (pinned with the thinker). */
  #turnCall(run: ThinkerRun): LLMCall {
    const pin = this.#pin;
    return new LLMCall(
      pin === undefined
        ? {
            conversation: run.conversation,
            environment: this.environment,
            beforeRender: this.#beforeRender,
          }
        : {
            conversation: run.conversation,
            environment: this.environment,
            pin,
            beforeRender: this.#beforeRender,
          },
    );
  }

  /** @internal What a delegate of this thinker inherits. */
  [DELEGATION](): DelegationSeed {
    const inherited = this.#tools.providers().filter((provider) => !this.#doors.isDoor(provider));
    return {
      environment: this.environment,
      hub: this.hub,
      grade: this.#declaration.grade,
      pin: this.#pin,
      depth: this.#depth,
      providers: inherited,
      toolCatalog: this.#doors.toolCatalog,
      skillCatalog: this.#doors.skillCatalog,
      artifacts: this.artifacts,
      conversation: this.#conversation,
      conversations: this.#conversations,
    };
  }

  /** The hub's catalogs, before the reconcile hooks (a sub-thinker answers what it captured at launch). */
  protected hubCatalogs(): {
    readonly tools: ReadonlyMap<string, ToolProvider>;
    readonly skills: ReadonlyMap<string, Skill>;
  } {
    // Asked every turn: a thinker without a hub answers one shared object.
    return this.hub === undefined
      ? NO_CATALOGS
      : { tools: this.hub.compatibleTools(), skills: this.hub.skills() };
  }

  /**
   * A turn up to its model call: the depth read afresh (a reactive thinker's may change mid-run)
   * and stamped on the seat, the hooks, the sweep, the definitions, and the turn's step ordinal
   * (its compaction summary, its model call and the tools it asks for all carry it).
   */
  #beginTurn(run: ThinkerRun): void {
    const { conversation } = run;
    const depth = this.depth();
    if (conversation.seat.depth !== depth)
      conversation.seat = seatFor(conversation.seat.grade, depth, conversation.seat.output);
    this.#reconcile(run);
    conversation.setTools(this.#doors.definitions(run.binding.sweep(this.#tools)));
    run.context.nextStep();
  }

  /** Compacts the conversation past its comfort window; the summary is a child of this turn. */
  async #compact(run: ThinkerRun): Promise<void> {
    const { conversation, context } = run;
    const before = conversation.turns();
    const compaction = await this.#conversations!.compactIfNeeded(conversation, {
      ...(this.#pin === undefined ? {} : { pin: this.#pin }),
      signal: context.signal,
      // Its lineage, ordinal, scope and cost are the run's.
      submit: (job, input) => context.submitInCurrentStep(job, input, run.childOptions),
    });
    // The summary replaced the oldest turns: the run's own among them are kept for its transcript.
    if (compaction.compacted) run.turns.compacted(before, compaction.summarizedTurns);
  }

  /** The hooks, then the two doors rebuilt from the reconciled catalogs. */
  #reconcile(run: ThinkerRun): void {
    this.reconcileToolRegistry(this.#tools);
    const catalogs = this.hubCatalogs();
    const tools = this.reconcileCompatibleTools(
      withoutRegistered(catalogs.tools, this.#tools, this.#doors),
    );
    const skills = this.reconcileSkillCatalog(withoutAdmitted(catalogs.skills, run.conversation));
    // Most thinkers have no catalogs: nothing is wired, so a run holds nothing for doors.
    if (tools.size > 0 || skills.size > 0) {
      run.doorWiring ??= {
        grant: (provider) => this.#grant(provider),
        hub: this.hub,
        conversation: run.conversation,
        scope: run.context.scope,
      };
    }
    this.#doors.rebuild(this.#tools, tools, skills, run.doorWiring);
  }

  /** Adds a tool `request_tools` granted; it stays for the rest of the run only. */
  #grant(provider: ToolProvider): void {
    this.#tools.register(provider);
    (this.#granted ??= new Set()).add(provider.name);
  }

  readonly #beforeRender = (entry: CatalogEntry): void => {
    // The envelope asks for prose reasoning only when no thinking block is guaranteed.
    this.#thinkingActive = thinkingActive(entry, this.depth());
    this.#conversation?.expectAnswer(this.#answerHandler().contract(this.#thinkingActive));
  };

  #answerHandler(): ThinkingResponseHandler<TOutput> {
    this.#handler ??= answerHandlerFor(this.output, this.name);
    return this.#handler;
  }

  async #judgeAnswer(
    output: LlmCallOutput<undefined>,
    run: ThinkerRun,
  ): Promise<TOutput | typeof NO_ANSWER> {
    const outcome = await judgeAnswer<TOutput>({
      read: () => this.#answerHandler().read(output.text, output.thinking, this.#thinkingActive),
      guardrails: () => this.declareValidationGuardrails(),
      policy: () => this.refusedAnswerPolicy(),
      guard: { scope: run.context.scope, artifacts: this.artifacts },
      artifacts: this.artifacts,
      conversation: run.conversation,
    });
    if (outcome === NO_ANSWER) return NO_ANSWER;
    this.#accepted = { answer: outcome };
    await this.publishAnswer(outcome);
    return outcome;
  }
}

// Marked on the prototype, once, rather than on every instance: a thinker is built per run.
markModelDependent(AbstractThinker.prototype);
// A thinker reaches the world only through the children it submits, each of which meets the
// dispatcher's read-only door: it may run under a read-only scope.
markBindsReadOnly(AbstractThinker.prototype);
