import type { ReplayMark, RunEvent } from "../events/run-event.js";
import type { RecalledOutput, ReplaySource } from "../replay/replay-source.js";

/**
 * A replay source built from an attempt's own events, for tests of resumable workflows: the
 * output of every positioned job that finished (not the root), by position and fingerprint —
 * what the Postgres recorder keeps as checkpoints — less the jobs `drop` names (an attempt that
 * died before recording them). `asked` lists the positions recalled, in order.
 *
 * @example
 * const first = new EventLog({ wantsContent: true });
 * await new JobDispatcher({ observers: [first] }).submit(job, input, { replay: { workflowId: "wf" } });
 * const source = recordedReplays(first.events);
 * await new JobDispatcher().submit(job, input, { replay: { workflowId: "wf", source } });
 */
export function recordedReplays(
  events: readonly RunEvent[],
  drop: (mark: ReplayMark) => boolean = () => false,
): ReplaySource & { readonly asked: string[] } {
  const marks = new Map<string, ReplayMark>();
  const byKey = new Map<string, RecalledOutput>();
  for (const event of events) {
    if (event.type === "job.submitted" && event.replay) marks.set(event.jobId, event.replay);
    if (event.type === "job.finished" && "output" in event) {
      const mark = marks.get(event.jobId);
      if (mark && mark.position !== "" && !drop(mark))
        byKey.set(`${mark.position} ${mark.fingerprint}`, {
          jobId: event.jobId,
          output: event.output,
        });
    }
  }
  const asked: string[] = [];
  return {
    asked,
    recall(position, fingerprint) {
      asked.push(position);
      return byKey.get(`${position} ${fingerprint}`);
    },
  };
}
