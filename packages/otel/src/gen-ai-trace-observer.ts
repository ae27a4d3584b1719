import type {
  JobFailedEvent,
  JobFinishedEvent,
  JobRetryingEvent,
  JobStartedEvent,
  JobSubmittedEvent,
  LlmCallEvent,
  RunEvent,
  RunObserver,
} from "@nucleo/core";
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { GEN_AI, NUCLEO, SPAN_EVENTS } from "./attribute-names.js";
import {
  addToTotals,
  chatAttributes,
  chatContentAttributes,
  chatSpanName,
  chatStartAttributes,
  totalsAttributes,
} from "./chat-attributes.js";
import { GenAiContent } from "./gen-ai-content.js";
import { hrTimeOf } from "./hr-time.js";
import { jobSpanPlan } from "./job-span-plan.js";
import { checkOptions, type GenAiTraceObserverOptions } from "./observer-options.js";
import {
  contextForChildrenOf,
  OpenJobs,
  type ModelCallJob,
  type OpenJob,
  type SpanJob,
} from "./open-jobs.js";

/** Entries remembered for naming a failed call's span; a catalog holds dozens. */
const ENTRIES_KEPT = 256;

/**
 * A `RunObserver` that turns run events into OpenTelemetry spans following the GenAI semantic
 * conventions (v1.41.0): `invoke_agent {name}` for a thinker, `chat {model}` for each model
 * call, `execute_tool {name}` for a tool, `invoke_workflow {name}` for a doer, parented by job
 * lineage, timed by the events' own clock. A thinker's turn (`model_call` job) has no span of
 * its own: its call is the `chat` span, under the agent. Cost goes in `nucleo.cost` (exact
 * decimal text) and `nucleo.cost.currency`. What was said is exported only under the `full`
 * content policy, in the conventions' opt-in attributes, redacted and capped.
 *
 * Bring your own SDK: this package depends on `@opentelemetry/api` alone.
 *
 * @example
 * const observer = new GenAiTraceObserver({ tracer: provider.getTracer("my-app") });
 * const dispatcher = new JobDispatcher({ admission, observers: [observer] });
 */
export class GenAiTraceObserver implements RunObserver {
  /** True only under the `full` content policy: events then carry what was said. */
  readonly wantsContent: boolean;
  readonly #tracer: Tracer;
  readonly #content: GenAiContent | undefined;
  readonly #parent: ((workflowId: string) => Context | undefined) | undefined;
  readonly #jobs: OpenJobs;
  readonly #entries = new Map<string, { provider?: string; requestModel?: string }>();

  /** @throws {InvalidInputError} naming the option that is wrong. */
  constructor(options: GenAiTraceObserverOptions = {}) {
    const checked = checkOptions(options);
    this.#tracer = checked.tracer;
    this.wantsContent = checked.policy.mode === "full";
    // Under `metadata` nothing said is read, even when another observer made events carry it.
    this.#content = this.wantsContent ? new GenAiContent(checked.policy) : undefined;
    this.#parent = checked.parent;
    this.#jobs = new OpenJobs(checked.maxOpenJobs, (job) => endIncomplete(job));
  }

  /** How many jobs are being followed: those submitted and not yet finished or failed. */
  get openJobs(): number {
    return this.#jobs.size;
  }

  /**
   * Takes one event. Never throws: a malformed event (from a foreign emitter, a replay) is
   * skipped, since a trace is never worth disturbing the run it describes.
   */
  onEvent(event: RunEvent): void {
    try {
      if (isEvent(event)) this.#handle(event);
    } catch {
      // Skipped: the dispatcher would report a throw on every such event, and nothing a span
      // could say about a malformed event is worth that.
    }
  }

  /**
   * Ends every span still open where its last event left it, marked `nucleo.incomplete`, and
   * forgets them: call it when the process stops, before the SDK's `shutdown()`.
   */
  close(): void {
    this.#jobs.drain();
  }

  #handle(event: RunEvent): void {
    switch (event.type) {
      case "job.submitted":
        return this.#submitted(event);
      case "job.started":
        return this.#started(event);
      case "job.retrying":
        return this.#retrying(event);
      case "job.finished":
        return this.#finished(event);
      case "job.failed":
        return this.#failed(event);
      case "llm.call":
        return this.#llmCall(event);
      case "seat.reserved": {
        const job = this.#jobs.touch(event.jobId, event.at);
        if (job?.type === "model_call" && typeof event.entryId === "string")
          job.entryId = event.entryId;
        return;
      }
      case "tool.withheld":
        return this.#spanEvent(event, SPAN_EVENTS.toolWithheld, {
          [NUCLEO.tool]: String(event.tool),
          [NUCLEO.reason]: String(event.reason),
        });
      case "skill.admitted":
        return this.#spanEvent(event, SPAN_EVENTS.skillAdmitted, {
          [NUCLEO.skill]: String(event.skill),
        });
      default:
        // seat.settled and job.published say nothing a span shows; the activity still counts.
        this.#jobs.touch(event.jobId, event.at);
    }
  }

  #submitted(event: JobSubmittedEvent): void {
    // The same event handed over twice opens one span.
    if (this.#jobs.has(event.jobId)) return;
    const parent =
      typeof event.parentId === "string" ? this.#jobs.touch(event.parentId, event.at) : undefined;
    const context =
      parent === undefined ? this.#rootContext(event.rootId) : contextForChildrenOf(parent);
    if (event.role === "model_call") {
      this.#jobs.add(event.jobId, {
        type: "model_call",
        context,
        parentId: typeof event.parentId === "string" ? event.parentId : null,
        attemptAt: event.at,
        callsThisAttempt: 0,
        entryId: undefined,
        attempt: 0,
        lastAt: event.at,
        active: false,
      });
      return;
    }
    const plan = jobSpanPlan(event);
    const span = this.#tracer.startSpan(
      plan.name,
      { kind: SpanKind.INTERNAL, startTime: hrTimeOf(event.at), attributes: plan.start },
      context,
    );
    span.setAttributes(plan.attributes);
    this.#jobs.add(event.jobId, {
      type: "span",
      operation: plan.operation,
      span,
      parentContext: context,
      childContext: undefined,
      totals:
        plan.operation === "invoke_agent"
          ? { calls: 0, inputTokens: 0, outputTokens: 0 }
          : undefined,
      lastAt: event.at,
      active: false,
    });
  }

  #started(event: JobStartedEvent): void {
    const job = this.#jobs.touch(event.jobId, event.at);
    if (job === undefined) return;
    const attempt = typeof event.attempt === "number" ? event.attempt : 1;
    if (job.type === "model_call") {
      job.attemptAt = event.at;
      job.callsThisAttempt = 0;
      job.attempt = attempt;
      return;
    }
    // Absent means the first attempt: the common case costs no attribute.
    if (attempt > 1) job.span.setAttribute(NUCLEO.attempt, attempt);
    if (this.#content === undefined || !("input" in event)) return;
    if (job.operation === "execute_tool")
      job.span.setAttribute(GEN_AI.toolArguments, this.#content.value(event.input, "input"));
    else if (job.operation === "invoke_agent")
      job.span.setAttribute(GEN_AI.inputMessages, this.#content.agentInput(event.input));
  }

  #retrying(event: JobRetryingEvent): void {
    const job = this.#jobs.touch(event.jobId, event.at);
    if (job === undefined) return;
    const attributes: Attributes = {
      [NUCLEO.retryReason]: String(event.reason),
      [NUCLEO.attempt]: Number(event.attempt),
      [NUCLEO.retryDelayMs]: Number(event.delayMs),
    };
    // A turn has no span: its retry shows on the agent's, naming the turn's job.
    const span = job.type === "span" ? job.span : this.#spanOf(job.parentId);
    if (job.type === "model_call") attributes[NUCLEO.jobId] = event.jobId;
    span?.addEvent(SPAN_EVENTS.retrying, attributes, hrTimeOf(event.at));
  }

  #finished(event: JobFinishedEvent): void {
    const job = this.#jobs.take(event.jobId);
    if (job?.type !== "span") return;
    if (this.#content !== undefined && "output" in event) {
      if (job.operation === "execute_tool")
        job.span.setAttribute(GEN_AI.toolResult, this.#content.value(event.output, "output"));
      else if (job.operation === "invoke_agent")
        job.span.setAttribute(GEN_AI.outputMessages, this.#content.agentOutput(event.output));
    }
    endSpan(job, event.at);
  }

  #failed(event: JobFailedEvent): void {
    const job = this.#jobs.take(event.jobId);
    if (job === undefined) return;
    const error = typeof event.error === "object" && event.error !== null ? event.error : undefined;
    const code = typeof error?.code === "string" ? error.code : "_OTHER";
    const message = typeof error?.message === "string" ? error.message : undefined;
    if (job.type === "span") {
      job.span.setAttribute(GEN_AI.errorType, code);
      job.span.setStatus({ code: SpanStatusCode.ERROR, message });
      endSpan(job, event.at);
    } else if (job.callsThisAttempt === 0) this.#failedCall(job, event, code, message);
  }

  /** A turn that failed before the model answered (a provider error, say) is a `chat` span in error. */
  #failedCall(job: ModelCallJob, event: JobFailedEvent, code: string, message?: string): void {
    const entry = job.entryId === undefined ? undefined : this.#entries.get(job.entryId);
    const attributes: Attributes = { [GEN_AI.operation]: "chat" };
    if (entry?.provider !== undefined) attributes[GEN_AI.provider] = entry.provider;
    if (entry?.requestModel !== undefined) attributes[GEN_AI.requestModel] = entry.requestModel;
    attributes[GEN_AI.errorType] = code;
    attributes[NUCLEO.jobId] = event.jobId;
    if (typeof event.rootId === "string") attributes[NUCLEO.workflowId] = event.rootId;
    if (job.entryId !== undefined) attributes[NUCLEO.entryId] = job.entryId;
    if (job.attempt > 1) attributes[NUCLEO.attempt] = job.attempt;
    const span = this.#tracer.startSpan(
      chatSpanName(entry?.requestModel),
      { kind: SpanKind.CLIENT, startTime: hrTimeOf(job.attemptAt), attributes },
      job.context,
    );
    span.setStatus({ code: SpanStatusCode.ERROR, message });
    span.end(hrTimeOf(event.at));
  }

  #llmCall(event: LlmCallEvent): void {
    const job = this.#jobs.touch(event.jobId, event.at);
    this.#remember(event);
    let agent: SpanJob | undefined;
    if (job?.type === "model_call") {
      job.callsThisAttempt += 1;
      const parent = job.parentId === null ? undefined : this.#jobs.get(job.parentId);
      if (parent?.type === "span") agent = parent;
    } else if (job?.type === "span") agent = job;
    if (agent?.totals !== undefined) addToTotals(agent.totals, event);
    const latency =
      typeof event.latencyMs === "number" && event.latencyMs >= 0 ? event.latencyMs : 0;
    const span = this.#tracer.startSpan(
      chatSpanName(event.requestModel),
      {
        kind: SpanKind.CLIENT,
        startTime: hrTimeOf(event.at - latency),
        attributes: chatStartAttributes(event),
      },
      job === undefined ? this.#rootContext(event.rootId) : contextForChildrenOf(job),
    );
    span.setAttributes(chatAttributes(event));
    if (this.#content !== undefined)
      span.setAttributes(chatContentAttributes(event, this.#content));
    span.end(hrTimeOf(event.at));
  }

  #spanEvent(event: RunEvent, name: string, attributes: Attributes): void {
    const job = this.#jobs.touch(event.jobId, event.at);
    const span = job?.type === "span" ? job.span : this.#spanOf(job?.parentId ?? null);
    span?.addEvent(name, attributes, hrTimeOf(event.at));
  }

  #spanOf(jobId: string | null): Span | undefined {
    const job = jobId === null ? undefined : this.#jobs.get(jobId);
    return job?.type === "span" ? job.span : undefined;
  }

  /** Remembers an entry's provider and model, to name the span of a later failed call on it. */
  #remember(event: LlmCallEvent): void {
    if (typeof event.entryId !== "string" || this.#entries.has(event.entryId)) return;
    if (this.#entries.size >= ENTRIES_KEPT) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(event.entryId, {
      ...(typeof event.provider === "string" && { provider: event.provider }),
      ...(typeof event.requestModel === "string" && { requestModel: event.requestModel }),
    });
  }

  #rootContext(workflowId: unknown): Context {
    if (this.#parent === undefined || typeof workflowId !== "string") return ROOT_CONTEXT;
    try {
      return this.#parent(workflowId) ?? ROOT_CONTEXT;
    } catch {
      return ROOT_CONTEXT;
    }
  }
}

/** Ends a job's span at `at`, with an agent's totals of its own turns. */
function endSpan(job: SpanJob, at: number): void {
  if (job.totals !== undefined) job.span.setAttributes(totalsAttributes(job.totals));
  job.span.end(hrTimeOf(at));
}

/** Ends the span of a job that is let go of before it ended (the bound, or `close()`). */
function endIncomplete(job: OpenJob): void {
  if (job.type !== "span") return;
  job.span.setAttribute(NUCLEO.incomplete, true);
  endSpan(job, job.lastAt);
}

/** An object with the fields every event has, of the right types. */
function isEvent(event: unknown): event is RunEvent {
  if (typeof event !== "object" || event === null) return false;
  const { type, jobId, at } = event as Record<string, unknown>;
  return (
    typeof type === "string" &&
    typeof jobId === "string" &&
    typeof at === "number" &&
    Number.isFinite(at)
  );
}
