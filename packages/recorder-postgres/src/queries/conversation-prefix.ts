import type { CallContentRefs } from "./model-call-rows.js";

/** What a call repeats of its conversation's previous call. */
export interface SharedPrefix {
  /** How many of its first messages the previous call already showed. */
  readonly priorMessages: number;
  /** Whether its system text is the previous call's. */
  readonly sameSystem: boolean;
}

/**
 * Follows the conversations of a workflow, call after call in trajectory order, to tell what
 * each call says that is new. A thinker's turns are jobs of their own (role `model_call`)
 * under the thinker, so a turn's conversation is its parent's; any other job's calls are a
 * conversation of the job's own (a job that calls a model several times, or retries).
 *
 * The previous call showed its request and then its response, and a loop's next request is
 * that request, that response (kept as the same assistant message, so the same hash) and what
 * came back from the tools: the shared prefix is measured against both, so the next call
 * shows only the tool results.
 *
 * @internal
 */
export class ConversationPrefix {
  readonly #shown = new Map<string, CallContentRefs>();

  /** The conversation a call of `job` belongs to. */
  static keyOf(job: {
    readonly jobId: string;
    readonly parentId: string | null;
    readonly role: string | null;
  }): string {
    return job.role === "model_call" && job.parentId !== null
      ? `under:${job.parentId}`
      : `job:${job.jobId}`;
  }

  /** What `refs` shares with the conversation's previous call, which it then becomes. */
  next(key: string, refs: CallContentRefs): SharedPrefix {
    const previous = this.#shown.get(key);
    this.#shown.set(key, refs);
    if (previous === undefined) return { priorMessages: 0, sameSystem: false };
    const hashes = refs.messageHashes;
    const shown = previous.messageHashes;
    // What the previous call showed: its messages, then its response.
    const shownAt = (index: number) =>
      index < shown.length ? shown[index] : previous.responseHash;
    const limit = Math.min(hashes.length, shown.length + 1);
    let priorMessages = 0;
    while (priorMessages < limit && hashes[priorMessages] === shownAt(priorMessages))
      priorMessages += 1;
    return { priorMessages, sameSystem: previous.systemHash === refs.systemHash };
  }
}
