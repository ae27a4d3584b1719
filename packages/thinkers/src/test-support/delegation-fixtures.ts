// Fixtures of the sub_thinker tests: the scripted turns of a parent that delegates and of its
// delegate, and a reader of the delegate jobs a run submitted.
import type { Depth, RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { envelope } from "./thinker-fixtures.js";

/** A parent's turn that calls `sub_thinker` with `objective`, the refs it conveys and a depth. */
export const delegate = (objective: string, artifactRefs: string[] = [], depth?: Depth) =>
  ScriptedLlmClient.toolCall("sub_thinker", {
    objective,
    artifact_refs: artifactRefs,
    ...(depth ? { depth } : {}),
  });

/** A delegate's final answer: `summary`, a fixed reasoning, and the refs it cites. */
export const delegateAnswers = (summary: string, artifactRefs: string[] = []) =>
  ScriptedLlmClient.answer(
    envelope({
      summary,
      reasoning: { approach: "worked it through", steps: ["one step"] },
      artifactRefs,
    }),
  );

/** A Summer's final answer, `{ total }`. */
export const sumAnswer = (total: number) => ScriptedLlmClient.answer(envelope({ total }));

/** The ids of the `sub_thinker` jobs a run submitted, in order. */
export function delegateJobs(events: readonly RunEvent[]): string[] {
  return events
    .filter((event) => event.type === "job.submitted" && event.jobName === "sub_thinker")
    .map((event) => event.jobId);
}
