import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import {
  readMessage,
  systemText,
  type MessageRow,
  type RecordedMessage,
} from "./recorded-message.js";
import {
  readContentRefs,
  readModelCall,
  selectModelCalls,
  type CallContentRefs,
  type RecordedModelCall,
} from "./model-call-rows.js";
import { readThread } from "./thread-hashes.js";

/** What was said in one model call: its request as the model saw it, and the answer. */
export interface RecordedCallContent {
  /** The system text; null when the request had none. */
  readonly system: string | null;
  /** The request's messages, oldest first, resolved from their hashes. */
  readonly messages: readonly RecordedMessage[];
  /** The names of the tools offered. */
  readonly tools: readonly string[];
  /** `auto`, `required` or `none`, when the request set it. */
  readonly toolChoice: string | null;
  /** `{ name, schema }` of the structured answer, when one was required. */
  readonly responseFormat: unknown;
  /** The model's answer, an `assistant` message (thinking, then text, then tool calls). */
  readonly response: RecordedMessage | null;
  /**
   * References to messages that are not stored (a row deleted by hand, or still being
   * written): they are left out of `messages` (or `response`, `system`), and counted here.
   */
  readonly missingMessages: number;
}

/** One model call: its metadata and, when content was recorded, what was said. */
export interface ModelCallTranscript extends RecordedModelCall {
  /**
   * Undefined when the call was recorded without content (the content policy was `metadata`,
   * or no observer asked for content when it ran): the metadata is all there is.
   */
  readonly content: RecordedCallContent | undefined;
}

/**
 * One model call by its job and event number, its messages resolved in request order: three
 * statements (the call with its references, its thread's positions, then its messages, each
 * once). Undefined when no
 * such call is recorded.
 *
 * @internal
 */
export async function readModelCallTranscript(
  db: Kysely<RecorderDatabase>,
  jobId: string,
  seq: number,
): Promise<ModelCallTranscript | undefined> {
  const row = await selectModelCalls(db)
    .where("mc.job_id", "=", jobId)
    .where("mc.seq", "=", seq)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const call = readModelCall(row);
  const threads =
    row.thread === null || row.message_count === null
      ? new Map<string, (string | undefined)[]>()
      : await readThread(db, call.rootId, row.thread, row.message_count);
  const refs = readContentRefs(row, threads);
  if (refs === undefined) return { ...call, content: undefined };
  const hashes = [
    ...(refs.systemHash === null ? [] : [refs.systemHash]),
    ...refs.messageHashes,
    refs.responseHash,
  ];
  const { rows } = await sql<MessageRow>`
    select hash, role, parts from nucleo_messages
    where root_id = ${call.rootId} and hash = any(${[...new Set(hashes)]}::text[])`.execute(db);
  const byHash = new Map(rows.map((message) => [message.hash, readMessage(message)]));
  return { ...call, content: resolveContent(refs, byHash) };
}

/**
 * A call's content from its references and the workflow's messages by hash.
 *
 * @internal
 */
export function resolveContent(
  refs: CallContentRefs,
  byHash: ReadonlyMap<string, RecordedMessage>,
): RecordedCallContent {
  let missingMessages = refs.unresolvedPositions;
  const find = (hash: string): RecordedMessage | undefined => {
    const message = byHash.get(hash);
    if (message === undefined) missingMessages += 1;
    return message;
  };
  const system = refs.systemHash === null ? undefined : find(refs.systemHash);
  const messages: RecordedMessage[] = [];
  for (const hash of refs.messageHashes) {
    const message = find(hash);
    if (message !== undefined) messages.push(message);
  }
  const response = find(refs.responseHash) ?? null;
  return {
    system: system === undefined ? null : systemText(system),
    messages,
    tools: refs.tools,
    toolChoice: refs.toolChoice,
    responseFormat: refs.responseFormat,
    response,
    missingMessages,
  };
}
