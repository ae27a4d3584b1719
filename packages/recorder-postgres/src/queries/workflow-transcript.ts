import type { RecordedCallContent } from "./model-call-query.js";
import type { RecordedModelCall } from "./model-call-rows.js";
import type { RecordedMessage } from "./recorded-message.js";

/**
 * The most a transcript reads of one workflow. A larger workflow is refused with
 * `workflow_too_large` (its calls can still be read one by one with `modelCall`, or with the
 * README's SQL), so a transcript never holds an unbounded workflow in memory.
 */
export const TRANSCRIPT_LIMITS: TranscriptLimits = Object.freeze({
  jobs: 10_000,
  modelCalls: 10_000,
  messages: 50_000,
  /** Positions of the workflow's threads (a loop's conversation adds one per new message). */
  threadPositions: 200_000,
});

/** How much of a workflow a transcript reads at most (see {@link TRANSCRIPT_LIMITS}). */
export interface TranscriptLimits {
  readonly jobs: number;
  readonly modelCalls: number;
  /** Distinct messages stored for the workflow (each is stored once, however often re-sent). */
  readonly messages: number;
  /** Stored positions of the workflow's threads (see `nucleo_thread_messages`). */
  readonly threadPositions: number;
}

/**
 * What was said in one model call of a transcript: only what is new in its conversation.
 * A thinker re-sends its whole conversation every turn; here each call lists the messages
 * after the longest prefix it shares with the previous call of the same conversation (that
 * call's messages, then its response), so a 50-turn loop reads in 50 steps, not 1,275.
 */
export interface TranscriptCallContent extends Omit<RecordedCallContent, "system" | "messages"> {
  /**
   * The system text, given when it differs from the previous call's in the conversation
   * (always for its first call); absent when unchanged, or when the request had none.
   */
  readonly system?: string;
  /** How many of the request's first messages were elided: said before, in the conversation. */
  readonly priorMessages: number;
  /** The request's messages after those, oldest first. */
  readonly messages: readonly RecordedMessage[];
}

/** One model call of a transcript: its metadata, and what was new in it (when recorded). */
export interface TranscriptCall extends RecordedModelCall {
  readonly content: TranscriptCallContent | undefined;
}

/** One job of a transcript, with its own model calls in the order it made them. */
export interface TranscriptJob {
  readonly jobId: string;
  readonly parentId: string | null;
  /** 0 for the root (and for the top of a detached tree); children one deeper. */
  readonly depth: number;
  readonly jobName: string;
  readonly jobClass: string;
  /** `tool`, `doer`, `orchestrator`, `thinker`, ... */
  readonly kind: string;
  /** `agent` (a thinker), `model_call` (a thinker's turn), or null. */
  readonly role: string | null;
  /** `submitted`, `running`, `finished` or `failed`. */
  readonly status: string;
  readonly error: { readonly code: string | null; readonly message: string | null } | null;
  /** As {@link JobContent}: `undefined` when not recorded, `null` when recorded as JSON null. */
  readonly input: unknown;
  readonly output: unknown;
  readonly calls: readonly TranscriptCall[];
}

/**
 * A workflow read as a transcript: its jobs in trajectory order (depth first, children in the
 * trajectory's order), each with its input, output and model calls. Jobs whose parent is not
 * recorded yet (the writer may be at work) follow the root's tree, as trees of their own.
 */
export interface WorkflowTranscript {
  readonly rootId: string;
  readonly jobs: readonly TranscriptJob[];
}
