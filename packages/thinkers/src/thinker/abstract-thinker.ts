import {
  ArtifactRegistry,
  Depth,
  InvalidInputError,
  markBindsReadOnly,
  markJobRole,
  SystemError,
  ThinkerDeclaration,
  type Grade,
  type JobContext,
  type Thinker,
} from "@nucleo/core";
import { thinkingActive, type CatalogEntry } from "@nucleo/catalog";
import type {
  Conversation,
  ConversationService,
  LlmCallOutput,
  LlmEnvironment,
} from "@nucleo/conversation";
import { ToolRegistry, type ModelDependent, type ToolHub, type ToolProvider } from "@nucleo/tools";
import { markModelDependent } from "@nucleo/tools/internal";
import type { ThinkingResponseHandler } from "../answer/index.js";
import { ReadOnlyBinding } from "./read-only-binding.js";
import { META_PARENT_DEPTH } from "./run-metadata.js";
import { DoorState } from "./door-state.js";
import { readTranscript, RunTurns, type ThinkerTranscript } from "./transcript.js";
import { DELEGATION, type DelegationSeed } from "./delegation-seed.js";
import {
  SUB_THINKER,
  createSubThinkerProvider,
  whenDelegatesLoaded,
  type SubThinkerProvider,
} from "../builtins/sub-thinker-provider.js";
import { answerHandlerFor } from "./answer-handlers.js";
import { judgeAnswer, NO_ANSWER } from "./answer-judge.js";
import { withoutAdmitted, withoutRegistered } from "./catalog-filters.js";
import { childOptionsFor, seatFor } from "./run-words.js";
import { DEFAULT_MAX_TURNS, type ThinkerOptions } from "./thinker-options.js";
import { runToolCalls } from "./tool-turn.js";
import { raiseGrade } from "./grade-floor.js";
import { compactRun } from "./run-compaction.js";
import { ThinkerHooks } from "./thinker-hooks.js";
import type { ThinkerRun } from "./thinker-run.js";
import { turnCall } from "./turn-call.js";
import { thinkerBusyError } from "./thinker-busy.js";

export { DEFAULT_MAX_TURNS, type ThinkerOptions } from "./thinker-options.js";

/**
 * The model-driven loop and its guarantees. Each turn: the reconcile hooks, then the read-only
 * sweep, then the tool definitions, then the model turn (the {@link submitThinkingCall} seam).
 * Tool calls run in parallel under the turn's step ordinal and their results go back as one
 * message; a final answer crosses the answer boundary, has its artifact refs resolved and its
 * guardrails run while the conversation is still held. A refusal is a correction turn; an
 * accepted answer is published and returned. A run that never answers ends after `maxTurns`.
 *
 * Subclasses override only the hooks (`reconcileToolRegistry` here, the others with their
 * defaults in {@link ThinkerHooks}) and the shape's own members. The sweep, the admission check
 * and the answer boundary live in private members and module functions, so no override can
 * drop them.
 */
export abstract class AbstractThinker<TInput, TOutput>
  extends ThinkerHooks<TInput, TOutput>
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
    this.#declaration = raiseGrade(this.#declaration, grade, this.name);
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

  /** Declares tools; call from the constructor. Registering the same provider twice is a no-op. */
  protected addTools(...providers: ToolProvider[]): this {
    for (const provider of providers) this.#tools.register(provider);
    return this;
  }

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
    if (this.#running) throw thinkerBusyError(this.name);
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
          if (this.#conversations?.canCompact)
            await compactRun(run, this.#conversations, this.#pin);
          const output = await this.submitThinkingCall(
            turnCall(run.conversation, this.environment, this.#pin, this.#beforeRender),
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
    // The last run's grants leave the palette, then a fresh door state per run (the first run
    // uses the one the thinker was built with).
    this.#doors.revokeGrants(this.#tools);
    if (this.#conversation !== undefined) this.#doors = new DoorState();
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
        grant: (provider) => this.#doors.grant(this.#tools, provider),
        hub: this.hub,
        conversation: run.conversation,
        scope: run.context.scope,
      };
    }
    this.#doors.rebuild(this.#tools, tools, skills, run.doorWiring);
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
// Model-driven: traces and consoles show a thinker as an agent.
markJobRole(AbstractThinker.prototype, "agent");
