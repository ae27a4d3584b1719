import type { Turn } from "../model/turn.js";

/**
 * Condenses earlier turns of a conversation into text. Implemented by the tools package's
 * `SummarizationTool`; declared here so compaction needs nothing above this layer.
 */
export interface Summarizer {
  summarize(turns: readonly Turn[], options: { readonly signal?: AbortSignal }): Promise<string>;
}
