import type { AbstractJob } from "@nucleo/core";
import type { Turn } from "../model/turn.js";

/** Submits a job as a child of the job that compacts, so the summary call keeps its lineage and scope. */
export type SubmitChild = <TInput, TOutput>(
  job: AbstractJob<TInput, TOutput>,
  input: TInput,
) => PromiseLike<TOutput>;

/** What a summarizer is told about the compaction it serves. */
export interface SummarizeOptions {
  readonly signal?: AbortSignal;
  /**
   * The compacting job's door: when given, the summary runs as its child (its parent, step
   * ordinal, sealed scope and cost attribution), not as a job of its own.
   */
  readonly submit?: SubmitChild;
  /** The compacting seat's pin: a pinned run summarizes on the same entry. */
  readonly pin?: string;
}

/**
 * Condenses earlier turns of a conversation into text. Implemented by the tools package's
 * `SummarizationTool`; declared here so compaction needs nothing above this layer.
 */
export interface Summarizer {
  summarize(turns: readonly Turn[], options: SummarizeOptions): Promise<string>;
}
