import type { ConversationService } from "@nucleo/conversation";
import type { ThinkerRun } from "./thinker-run.js";

/**
 * Compacts a run's conversation past its comfort window, before the turn's model call. The
 * summary is submitted as a child of the current turn, so its lineage, step ordinal, sealed
 * scope and cost are the run's; it goes to the thinker's pinned entry when there is one.
 *
 * @internal
 */
export async function compactRun(
  run: ThinkerRun,
  conversations: ConversationService,
  pin: string | undefined,
): Promise<void> {
  const { conversation, context } = run;
  const before = conversation.turns();
  const compaction = await conversations.compactIfNeeded(conversation, {
    ...(pin === undefined ? {} : { pin }),
    signal: context.signal,
    submit: (job, input) => context.submitInCurrentStep(job, input, run.childOptions),
  });
  // The summary replaced the oldest turns: the run's own among them are kept for its transcript.
  if (compaction.compacted) run.turns.compacted(before, compaction.summarizedTurns);
}
