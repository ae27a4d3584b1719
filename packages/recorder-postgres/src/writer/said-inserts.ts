import type {
  CallContentRow,
  CheckpointRow,
  JobContentRow,
  MessageRow,
  ThreadMessageRow,
} from "./said-content.js";
import type { Insert } from "./unnest-insert.js";

/**
 * A job's input and output, and whether the output repeats a model call's response (it is then
 * left out of the row's search vector: `nucleo_messages` indexes the response). Either side arrives with its own event, often in another batch
 * than the other: each fills its column once and is never overwritten (a redelivered event
 * carries the same value), so the WHERE skips rewriting a row — and its search vector — that
 * already holds what comes.
 *
 * @internal
 */
export const JOB_CONTENT: Insert<JobContentRow> = {
  table: "nucleo_job_content",
  columns: {
    job_id: "text",
    root_id: "text",
    input: "jsonb",
    output: "jsonb",
    output_repeats_call: "bool",
  },
  // The flag goes with the output it describes: set when the output is.
  onConflict: `on conflict (job_id) do update set
    input = coalesce(nucleo_job_content.input, excluded.input),
    output = coalesce(nucleo_job_content.output, excluded.output),
    output_repeats_call = case when nucleo_job_content.output is null
      then excluded.output_repeats_call else nucleo_job_content.output_repeats_call end
  where (nucleo_job_content.input is null and excluded.input is not null)
    or (nucleo_job_content.output is null and excluded.output is not null)`,
};

/**
 * Messages, content-addressed within their workflow: a row with the same hash holds the same
 * message, so a conflict means it is already there, written by this recorder, another process
 * or an earlier run.
 *
 * @internal
 */
export const MESSAGES: Insert<MessageRow> = {
  table: "nucleo_messages",
  columns: { root_id: "text", hash: "text", role: "text", parts: "jsonb" },
  onConflict: "on conflict (root_id, hash) do nothing",
};

/** A model call's request and response as references, identified as its `llm.call` event is. @internal */
export const MODEL_CALL_CONTENT: Insert<CallContentRow> = {
  table: "nucleo_model_call_content",
  columns: {
    job_id: "text",
    seq: "int4",
    root_id: "text",
    system_hash: "text",
    thread: "text",
    message_count: "int4",
    response_hash: "text",
    tools: "text[]",
    tool_choice: "text",
    response_format: "jsonb",
  },
  onConflict: "on conflict (job_id, seq) do nothing",
};

/**
 * A thread's positions: each holds one message hash for good, so a conflict means the
 * position is already written (by an earlier batch, a redelivery, or before a restart).
 *
 * @internal
 */
export const THREAD_MESSAGES: Insert<ThreadMessageRow> = {
  table: "nucleo_thread_messages",
  columns: { root_id: "text", thread: "text", position: "int4", hash: "text" },
  onConflict: "on conflict (root_id, thread, position) do nothing",
};

/**
 * Replay checkpoints: each finished job's output (exact, as `checkpointOutputJson` wrote it)
 * under its workflow and position, with its fingerprint, taken from the job's row — which this
 * batch or an earlier one wrote, so a mark recorded in one batch and the finish in a later one
 * (a restart, a halved batch) still make the checkpoint, and a recorder needs no memory of
 * marks. A row without a mark (an ordinary workflow's job), the root (position `''`) and a job
 * not recorded as finished get none. A replayed job's checkpoint names the job that produced
 * the output. The same job and position again (a redelivery) change nothing.
 *
 * @internal
 */
export const REPLAY_CHECKPOINTS: Insert<CheckpointRow> = {
  table: "nucleo_replay_checkpoints",
  columns: { job_id: "text", output: "jsonb" },
  derived: {
    into: "root_id, position, fingerprint, job_id, output",
    select:
      "j.root_id, j.position, j.fingerprint, coalesce(j.replayed_from, j.id), batch.output::jsonb",
    from: `join nucleo_jobs j on j.id = batch.job_id
      where j.position <> '' and j.fingerprint is not null and j.status = 'finished'`,
  },
  onConflict: "on conflict (root_id, position) do nothing",
};
