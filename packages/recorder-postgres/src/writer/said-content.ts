import { keptJson, type ContentPolicy, type ModelCallContent, type RunEvent } from "@nucleo/core";
import type { Insertable } from "kysely";
import type {
  JobContentTable,
  MessagesTable,
  ModelCallContentTable,
  ThreadMessagesTable,
} from "../schema/database.js";
import { checkpointOutputJson } from "../replay/checkpoint-output.js";
import { jsonbSafe, jsonText, MalformedField, optionalText, text } from "./column-values.js";
import { MessageKeeper, type KeptMessage } from "./kept-message.js";
import { withoutOpaqueParts } from "./opaque-parts.js";
import { RecorderWriteError } from "./recorder-write-error.js";
import { RequestThreads, type RequestThread } from "./request-threads.js";
import { ResumableWorkflows } from "./resumable-workflows.js";
import { OpenModelCalls } from "./said-model-calls.js";
import { WrittenMessages } from "./written-messages.js";

type Row<TTable> = Required<Omit<Insertable<TTable>, "search">>;

/**
 * A `nucleo_job_content` row: JSON text, or null for a side not in the batch, and whether the
 * output repeats a model call's response (see {@link OpenModelCalls}). @internal
 */
export type JobContentRow = Row<JobContentTable>;
/** A `nucleo_messages` row. @internal */
export type MessageRow = Row<MessagesTable>;
/** A `nucleo_model_call_content` row. @internal */
export type CallContentRow = Row<ModelCallContentTable>;
/** A `nucleo_thread_messages` row. @internal */
export type ThreadMessageRow = Row<ThreadMessagesTable>;
/**
 * A finished job's output, exactly as it returned it (see `checkpointOutputJson`), for its
 * replay checkpoint: the statement takes the job's position and fingerprint from its row. @internal
 */
export interface CheckpointRow {
  readonly job_id: string;
  readonly output: string;
}

/** What one batch writes of what was said. @internal */
export interface SaidRows {
  readonly jobContent: readonly JobContentRow[];
  readonly messages: readonly MessageRow[];
  readonly callContent: readonly CallContentRow[];
  /** The threads' new positions the batch's calls need. */
  readonly threadMessages: readonly ThreadMessageRow[];
  /** How far each thread is written once the batch commits. */
  readonly threadProgress: readonly (readonly [RequestThread, number])[];
  /** Finished jobs' outputs that may be replay checkpoints (see `REPLAY_CHECKPOINTS`). */
  readonly checkpoints: readonly CheckpointRow[];
}

/** What a batch writes when the policy keeps nothing said. @internal */
export const NOTHING_SAID: SaidRows = Object.freeze({
  jobContent: [],
  messages: [],
  callContent: [],
  threadMessages: [],
  threadProgress: [],
  checkpoints: [],
});

/**
 * What a recorder keeps of what was said, across its batches: the policy, the kept form of
 * each message (by identity, see {@link MessageKeeper}) and which messages it has committed
 * (see {@link WrittenMessages}). A batch's rows come from {@link SaidContent.batch}.
 *
 * @internal
 */
export class SaidContent {
  readonly policy: ContentPolicy;
  readonly keeper: MessageKeeper;
  readonly written: WrittenMessages;
  /** The conversations' threads, by their first message (see {@link RequestThreads}). */
  readonly threads = new RequestThreads();
  /** Model-call jobs whose output is to come, not to be indexed twice. */
  readonly modelCalls = new OpenModelCalls();
  /** Workflows known to be resumable or not: whose finished jobs may have a replay checkpoint. */
  readonly workflows = new ResumableWorkflows();
  /** Response formats as JSON text, by identity: a loop sends the same one with every call. */
  readonly #formats = new WeakMap<object, string>();

  constructor(policy: ContentPolicy, written = new WrittenMessages()) {
    this.policy = policy;
    this.keeper = new MessageKeeper(policy);
    this.written = written;
  }

  /** A builder for one batch's rows. */
  batch(): SaidBatch {
    return new SaidBatch(this);
  }

  /** The batch's rows are committed: its messages need not be sent again. */
  committed(rows: SaidRows): void {
    if (rows.messages.length > 0) this.written.addAll(rows.messages);
    for (const [thread, upTo] of rows.threadProgress)
      thread.committed = Math.max(thread.committed, upTo);
    for (const row of rows.jobContent)
      if (row.output_repeats_call) this.modelCalls.committed(row.job_id);
  }

  /** The response format as JSON text, once per format object. */
  format(format: object): string {
    let json = this.#formats.get(format);
    if (json === undefined) {
      try {
        json = jsonText(format);
      } catch {
        throw new MalformedField("content.responseFormat", "is not JSON data");
      }
      this.#formats.set(format, json);
    }
    return json;
  }
}

/**
 * One batch's rows of what was said: job inputs and outputs coalesced per job (the upsert
 * fills in either side), each model call's references, and the body of each message the
 * batch's calls reference, once, unless this recorder already committed it.
 *
 * @internal
 */
export class SaidBatch {
  readonly #said: SaidContent;
  readonly #jobs = new Map<
    string,
    { root_id: string; input: string | null; output: string | null; output_repeats_call: boolean }
  >();
  readonly #calls = new Map<string, CallContentRow>();
  readonly #messages: MessageRow[] = [];
  readonly #threadMessages: ThreadMessageRow[] = [];
  /** Each thread this batch extends, and how far its rows go. */
  readonly #threads = new Map<RequestThread, number>();
  /** Hashes whose body this batch carries, by workflow. */
  readonly #carried = new Map<string, Set<string>>();
  /** Outputs for replay checkpoints, by job: JSON text exactly as the job returned it. */
  readonly #checkpoints = new Map<string, string>();

  constructor(said: SaidContent) {
    this.#said = said;
  }

  /**
   * Keeps what `event` said, if anything. Returns the problem when it cannot be read: the
   * event's other rows are written all the same, and none of what it said is.
   */
  take(
    event: RunEvent,
    jobId: string,
    rootId: string,
    seq: number,
  ): RecorderWriteError | undefined {
    try {
      if (event.type === "job.submitted") {
        if (event.role === "model_call") this.#said.modelCalls.submitted(jobId);
        this.#said.workflows.submitted(jobId, rootId, event.replay != null);
      } else if (event.type === "job.started" && event.input !== undefined)
        this.#job(jobId, rootId, "input", event.input);
      else if (event.type === "job.finished" && "output" in event)
        this.#finished(event, jobId, rootId);
      else if (event.type === "llm.call" && event.content !== undefined)
        this.#call(jobId, rootId, seq, event.content);
      return undefined;
    } catch (error) {
      return unreadable(event, jobId, seq, error);
    }
  }

  rows(): SaidRows {
    return {
      jobContent: Array.from(this.#jobs, ([job_id, row]) => ({ job_id, ...row })),
      messages: this.#messages,
      callContent: [...this.#calls.values()],
      threadMessages: this.#threadMessages,
      threadProgress: [...this.#threads],
      checkpoints: Array.from(this.#checkpoints, ([job_id, output]) => ({ job_id, output })),
    };
  }

  /**
   * A finished job's output: kept by the policy (redacted, capped) as its content, and — for a
   * job of a workflow that may be resumable, the root aside — exactly as returned, for its
   * replay checkpoint. An output `undefined` (a job that returns nothing) is no content, but is
   * a checkpoint: replaying the job returns it.
   */
  #finished(event: Extract<RunEvent, { type: "job.finished" }>, jobId: string, rootId: string) {
    const checkpoint =
      jobId !== rootId && this.#said.workflows.mayResume(rootId)
        ? checkpointOutputJson(event.output)
        : undefined;
    if (event.output !== undefined) this.#job(jobId, rootId, "output", event.output);
    if (checkpoint !== undefined) this.#checkpoints.set(jobId, checkpoint);
  }

  #job(jobId: string, rootId: string, side: "input" | "output", value: unknown): void {
    const json = jsonbSafe(keptJson(withoutOpaqueParts(value), side, this.#said.policy));
    let row = this.#jobs.get(jobId);
    if (row === undefined)
      this.#jobs.set(
        jobId,
        (row = { root_id: rootId, input: null, output: null, output_repeats_call: false }),
      );
    row[side] = json;
    if (side === "output") row.output_repeats_call = this.#said.modelCalls.has(jobId);
  }

  #call(jobId: string, rootId: string, seq: number, content: ModelCallContent): void {
    if (typeof content !== "object" || content === null)
      throw new MalformedField("content", "is not a model call's content");
    const keeper = this.#said.keeper;
    // Everything is read and checked before anything is kept: a malformed call leaves no trace.
    const system = keeper.system(content.system, "content.system");
    const given = content.messages;
    if (!Array.isArray(given)) throw new MalformedField("content.messages", "is not a list");
    const messages: KeptMessage[] = new Array(given.length);
    for (let index = 0; index < given.length; index++)
      messages[index] = keeper.message(given[index], `content.messages[${index}]`);
    const response = keeper.response(content.response, "content.response");
    const tools = Array.isArray(content.tools)
      ? content.tools.map((name, index) => text(name, `content.tools[${index}]`))
      : [];
    const toolChoice = optionalText(content.toolChoice, "content.toolChoice");
    const format = content.responseFormat;
    const responseFormat =
      typeof format === "object" && format !== null ? this.#said.format(format) : null;

    const noSystem = content.system === "";
    if (!noSystem) this.#carry(rootId, system);
    const hashes: string[] = new Array(messages.length);
    for (let index = 0; index < messages.length; index++) {
      this.#carry(rootId, messages[index]!);
      hashes[index] = messages[index]!.hash;
    }
    this.#carry(rootId, response);
    const key = `${seq}:${jobId}`;
    // Handed twice in one batch: its thread positions are already carried.
    const thread =
      this.#calls.has(key) || hashes.length === 0
        ? undefined
        : this.#extend(rootId, given[0] as object, hashes, `${jobId}:${seq}`);
    this.#calls.set(key, {
      job_id: jobId,
      seq,
      root_id: rootId,
      system_hash: noSystem ? null : system.hash,
      thread: thread?.id ?? this.#calls.get(key)?.thread ?? null,
      message_count: hashes.length,
      response_hash: response.hash,
      tools,
      tool_choice: toolChoice,
      response_format: responseFormat,
    });
  }

  /**
   * The thread the request continues, with the positions neither this batch nor an earlier
   * commit holds added to the batch: a loop's call adds its new messages' positions only.
   */
  #extend(
    rootId: string,
    first: object,
    hashes: readonly string[],
    callKey: string,
  ): RequestThread {
    const thread = this.#said.threads.place(first, hashes, callKey);
    const from = Math.max(thread.committed, this.#threads.get(thread) ?? 0);
    for (let position = from; position < hashes.length; position++)
      this.#threadMessages.push({
        root_id: rootId,
        thread: thread.id,
        position,
        hash: hashes[position]!,
      });
    if (hashes.length > from) this.#threads.set(thread, hashes.length);
    return thread;
  }

  /** Adds the message's body to the batch unless the batch or an earlier commit holds it. */
  #carry(rootId: string, message: KeptMessage): void {
    let carried = this.#carried.get(rootId);
    if (carried === undefined) this.#carried.set(rootId, (carried = new Set()));
    if (carried.has(message.hash)) return;
    carried.add(message.hash);
    if (this.#said.written.has(rootId, message.hash)) return;
    this.#messages.push({
      root_id: rootId,
      hash: message.hash,
      role: message.role,
      parts: message.parts,
    });
  }
}

function unreadable(
  event: RunEvent,
  jobId: string,
  seq: number,
  error: unknown,
): RecorderWriteError {
  const what =
    event.type === "llm.call"
      ? "its content"
      : event.type === "job.started"
        ? "its input"
        : "its output";
  const why =
    error instanceof MalformedField
      ? `its ${error.message}`
      : `it could not be read (${error instanceof Error ? error.name : typeof error})`;
  return new RecorderWriteError({
    code: "recorder_content_unreadable",
    jobId,
    seq,
    message: `The recorder kept the ${event.type} event ${seq} of job ${jobId} without ${what}: ${why}.`,
  });
}
