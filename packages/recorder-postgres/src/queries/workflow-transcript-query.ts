import type { TrajectoryNode } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { ConversationPrefix } from "./conversation-prefix.js";
import {
  readContentRefs,
  readModelCall,
  selectModelCalls,
  type CallContentRefs,
  type ModelCallRow,
} from "./model-call-rows.js";
import {
  readMessage,
  systemText,
  type MessageRow,
  type RecordedMessage,
} from "./recorded-message.js";
import { RecorderQueryError } from "./recorder-query-error.js";
import { readThreads, threadsFrom } from "./thread-hashes.js";
import { buildJobTree } from "./trajectory-tree.js";
import { unknownWorkflow } from "./workflow-checks.js";
import {
  TRANSCRIPT_LIMITS,
  type TranscriptCall,
  type TranscriptCallContent,
  type TranscriptJob,
  type TranscriptLimits,
  type WorkflowTranscript,
} from "./workflow-transcript.js";

interface JobRow {
  readonly id: string;
  readonly parent_id: string | null;
  readonly job_class: string;
  readonly job_name: string;
  readonly kind: string;
  readonly role: string | null;
  readonly status: string;
  readonly ordinal: number | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly submitted_us: string | null;
  readonly started_us: string | null;
  readonly input: unknown;
  readonly has_input: boolean;
  readonly output: unknown;
  readonly has_output: boolean;
}

/** A job row as the trajectory's tree orders it. */
interface OrderedJob {
  readonly jobId: string;
  readonly parentId: string | null;
  readonly ordinal: number | null;
  readonly startedAt: number;
  readonly row: JobRow;
}

/**
 * Reads a workflow as a transcript in four statements, sent together: its jobs with their
 * input and output, its model calls with their content's references, its messages and its
 * threads' positions (each stored once, so this is linear in what was said, however often a
 * loop re-sent it). Each
 * stops one row past its {@link TRANSCRIPT_LIMITS} entry, which is refused. The jobs are
 * ordered by the trajectory's own tree builder (`buildJobTree`), from the same times.
 *
 * @internal
 */
export async function readWorkflowTranscript(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  limits: TranscriptLimits = TRANSCRIPT_LIMITS,
): Promise<WorkflowTranscript> {
  const [jobRows, callRows, messageRows, threadRows] = await Promise.all([
    readJobs(db, rootId, limits.jobs),
    selectModelCalls(db)
      .where("mc.root_id", "=", rootId)
      .limit(limits.modelCalls + 1)
      .execute(),
    sql<MessageRow>`select hash, role, parts from nucleo_messages where root_id = ${rootId}
      limit ${limits.messages + 1}`.execute(db),
    readThreads(db, rootId, limits.threadPositions),
  ]);
  refuseOver(rootId, "thread positions", threadRows.length, limits.threadPositions);
  refuseOver(rootId, "jobs", jobRows.length, limits.jobs);
  refuseOver(rootId, "model calls", callRows.length, limits.modelCalls);
  refuseOver(rootId, "messages", messageRows.rows.length, limits.messages);

  const jobs = jobRows.map(orderedJob);
  const tree = buildJobTree({
    jobs,
    submittedAt: Float64Array.from(jobRows, (row) => micros(row.submitted_us)),
  });
  const root = tree.trees.find((node) => node.job.jobId === rootId);
  if (root === undefined) throw await explainMissingRoot(db, rootId, jobs.length);

  const threads = threadsFrom(threadRows);
  const callsOf = groupCalls(callRows);
  const messages = new Map(messageRows.rows.map((row) => [row.hash, row]));
  const conversations = new ConversationPrefix();
  const transcript: TranscriptJob[] = [];
  for (const top of [root, ...tree.trees.filter((node) => node !== root)]) {
    walk(top, (job, depth) => {
      const { row } = job;
      const key = ConversationPrefix.keyOf({
        jobId: row.id,
        parentId: row.parent_id,
        role: row.role,
      });
      transcript.push({
        jobId: row.id,
        parentId: row.parent_id,
        depth,
        jobName: row.job_name,
        jobClass: row.job_class,
        kind: row.kind,
        role: row.role,
        status: row.status,
        error:
          row.error_code === null && row.error_message === null
            ? null
            : { code: row.error_code, message: row.error_message },
        input: row.has_input ? row.input : undefined,
        output: row.has_output ? row.output : undefined,
        calls: (callsOf.get(row.id) ?? []).map((call) =>
          transcriptCall(call, key, conversations, messages, threads),
        ),
      });
    });
  }
  return { rootId, jobs: transcript };
}

async function readJobs(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  limit: number,
): Promise<JobRow[]> {
  // Times as epoch microseconds, as the trajectory reads them, so siblings started within one
  // millisecond are ordered alike.
  const { rows } = await sql<JobRow>`
    select j.id, j.parent_id, j.job_class, j.job_name, j.kind, j.role, j.status, j.ordinal,
           j.error_code, j.error_message,
           (date_part('epoch', j.submitted_at) * 1000000)::int8 as submitted_us,
           (date_part('epoch', j.started_at) * 1000000)::int8 as started_us,
           c.input, c.input is not null as has_input, c.output, c.output is not null as has_output
    from nucleo_jobs j
    left join nucleo_job_content c on c.job_id = j.id
    where j.root_id = ${rootId}
    limit ${limit + 1}`.execute(db);
  return rows;
}

function orderedJob(row: JobRow): OrderedJob {
  const startedAt = micros(row.started_us);
  const submittedAt = micros(row.submitted_us);
  return {
    jobId: row.id,
    parentId: row.parent_id,
    ordinal: row.ordinal,
    startedAt: Number.isFinite(startedAt) ? startedAt : submittedAt,
    row,
  };
}

/** Epoch microseconds (as text) to milliseconds; `Infinity` when none is recorded. */
function micros(value: string | null): number {
  return value === null ? Number.POSITIVE_INFINITY : Number(value) / 1000;
}

function groupCalls(rows: readonly ModelCallRow[]): Map<string, ModelCallRow[]> {
  const byJob = new Map<string, ModelCallRow[]>();
  for (const row of rows) {
    const calls = byJob.get(row.job_id);
    if (calls === undefined) byJob.set(row.job_id, [row]);
    else calls.push(row);
  }
  for (const calls of byJob.values()) calls.sort((left, right) => left.seq - right.seq);
  return byJob;
}

function transcriptCall(
  row: ModelCallRow,
  conversation: string,
  conversations: ConversationPrefix,
  messages: ReadonlyMap<string, MessageRow>,
  threads: ReadonlyMap<string, readonly (string | undefined)[]>,
): TranscriptCall {
  const refs = readContentRefs(row, threads);
  return {
    ...readModelCall(row),
    content:
      refs === undefined
        ? undefined
        : newContent(refs, conversations.next(conversation, refs), messages),
  };
}

function newContent(
  refs: CallContentRefs,
  shared: { readonly priorMessages: number; readonly sameSystem: boolean },
  messages: ReadonlyMap<string, MessageRow>,
): TranscriptCallContent {
  let missingMessages = refs.unresolvedPositions;
  const find = (hash: string): RecordedMessage | undefined => {
    const row = messages.get(hash);
    if (row === undefined) missingMessages += 1;
    return row === undefined ? undefined : readMessage(row);
  };
  const system = refs.systemHash === null || shared.sameSystem ? undefined : find(refs.systemHash);
  const fresh: RecordedMessage[] = [];
  for (const hash of refs.messageHashes.slice(shared.priorMessages)) {
    const message = find(hash);
    if (message !== undefined) fresh.push(message);
  }
  return {
    ...(system !== undefined && { system: systemText(system) }),
    priorMessages: shared.priorMessages,
    messages: fresh,
    tools: refs.tools,
    toolChoice: refs.toolChoice,
    responseFormat: refs.responseFormat,
    response: find(refs.responseHash) ?? null,
    missingMessages,
  };
}

/** Depth first, children in trajectory order, without recursion (a chain may be deep). */
function walk(
  top: TrajectoryNode<OrderedJob>,
  visit: (job: OrderedJob, depth: number) => void,
): void {
  const stack: [TrajectoryNode<OrderedJob>, number][] = [[top, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    visit(node.job, depth);
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push([node.children[index]!, depth + 1]);
  }
}

function refuseOver(rootId: string, what: string, count: number, limit: number): void {
  if (count <= limit) return;
  throw new RecorderQueryError({
    code: "workflow_too_large",
    query: "workflowTranscript",
    id: rootId,
    message: `Workflow ${JSON.stringify(rootId)} has more than ${limit.toLocaleString("en-US")} ${what} recorded, more than one transcript reads: read its model calls one at a time (modelCall) or with the README's SQL.`,
  });
}

async function explainMissingRoot(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  recordedJobs: number,
): Promise<RecorderQueryError> {
  if (recordedJobs > 0)
    return unknownWorkflow(rootId, "workflowTranscript", undefined, recordedJobs);
  const job = await db
    .selectFrom("nucleo_jobs")
    .select("root_id")
    .where("id", "=", rootId)
    .executeTakeFirst();
  return unknownWorkflow(rootId, "workflowTranscript", job?.root_id);
}
