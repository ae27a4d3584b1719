import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** A part in the kept form the writer stores (see migration 0005). */
export type KeptPart =
  | { type: "text"; text: string }
  | {
      type: "image" | "file";
      mediaType: string;
      name?: string;
      url?: string;
      omittedChars?: number;
    }
  | { type: "thinking"; text: string; redacted?: true }
  | { type: "tool_call"; id: string; name: string; text: string }
  | { type: "tool_result"; callId: string; name: string; text: string; isError: boolean };

/** A message in the kept form: its hash is over exactly this object's JSON. */
export interface KeptMessage {
  role: "system" | "user" | "assistant";
  parts: KeptPart[];
}

/** Builders for kept messages and parts, keys in the order the writer writes them. */
export const kept = {
  text: (text: string): KeptPart => ({ type: "text", text }),
  thinking: (text: string, redacted = false): KeptPart =>
    redacted ? { type: "thinking", text, redacted: true } : { type: "thinking", text },
  toolCall: (id: string, name: string, args: unknown): KeptPart => ({
    type: "tool_call",
    id,
    name,
    text: JSON.stringify(args),
  }),
  toolResult: (callId: string, name: string, text: string, isError = false): KeptPart => ({
    type: "tool_result",
    callId,
    name,
    text,
    isError,
  }),
  system: (text: string): KeptMessage => ({ role: "system", parts: [{ type: "text", text }] }),
  user: (...parts: (KeptPart | string)[]): KeptMessage => ({
    role: "user",
    parts: parts.map(part),
  }),
  assistant: (...parts: (KeptPart | string)[]): KeptMessage => ({
    role: "assistant",
    parts: parts.map(part),
  }),
};

const part = (value: KeptPart | string): KeptPart =>
  typeof value === "string" ? { type: "text", text: value } : value;

/** The content address of a kept message: SHA-256 of its JSON text, the first 32 hex digits. */
export function messageHash(message: KeptMessage): string {
  return createHash("sha256").update(JSON.stringify(message)).digest("hex").slice(0, 32);
}

/** One model call's content to seed (its metadata row is seeded by `seedRows`). */
export interface SeedCallContent {
  readonly jobId: string;
  readonly seq: number;
  readonly system?: string;
  readonly messages: readonly KeptMessage[];
  readonly response: KeptMessage;
  readonly tools?: readonly string[];
  readonly toolChoice?: string;
  readonly responseFormat?: unknown;
}

/** A job's content to seed; a field left out is not recorded (SQL NULL), `null` is JSON null. */
export interface SeedJobContent {
  readonly jobId: string;
  readonly input?: unknown;
  readonly output?: unknown;
}

/**
 * Seeds what was said straight into the content tables, as the writer stores it: each message
 * once per workflow under its hash (`on conflict do nothing`), each call as references. The
 * roots come from `seedRows`' lineage.
 */
export async function seedSaid(
  db: Kysely<RecorderDatabase>,
  seed: {
    readonly rootOf: ReadonlyMap<string, string>;
    readonly jobs?: readonly SeedJobContent[];
    readonly calls?: readonly SeedCallContent[];
  },
): Promise<void> {
  const rootOf = (jobId: string): string => {
    const root = seed.rootOf.get(jobId);
    if (root === undefined) throw new Error(`seedSaid: job ${jobId} was not seeded`);
    return root;
  };
  const messages = new Map<
    string,
    { root_id: string; hash: string; role: string; parts: string }
  >();
  const store = (rootId: string, message: KeptMessage): string => {
    const hash = messageHash(message);
    messages.set(`${rootId}\u0000${hash}`, {
      root_id: rootId,
      hash,
      role: message.role,
      parts: JSON.stringify(message.parts),
    });
    return hash;
  };
  // Each seeded call its own thread, all its positions: readers follow threads whatever their shape.
  const threadRows: { root_id: string; thread: string; position: number; hash: string }[] = [];
  const calls = (seed.calls ?? []).map((call) => {
    const rootId = rootOf(call.jobId);
    const thread = `${call.jobId}:${call.seq}`;
    for (const [position, message] of call.messages.entries())
      threadRows.push({ root_id: rootId, thread, position, hash: store(rootId, message) });
    return {
      job_id: call.jobId,
      seq: call.seq,
      root_id: rootId,
      system_hash: call.system === undefined ? null : store(rootId, kept.system(call.system)),
      thread: call.messages.length === 0 ? null : thread,
      message_count: call.messages.length,
      response_hash: store(rootId, call.response),
      tools: [...(call.tools ?? [])],
      tool_choice: call.toolChoice ?? null,
      response_format:
        call.responseFormat === undefined ? null : JSON.stringify(call.responseFormat),
    };
  });
  const jobs = (seed.jobs ?? []).map((job) => ({
    job_id: job.jobId,
    root_id: rootOf(job.jobId),
    input: job.input === undefined ? null : JSON.stringify(job.input),
    output: job.output === undefined ? null : JSON.stringify(job.output),
  }));
  if (messages.size > 0) {
    await db
      .insertInto("nucleo_messages")
      .values([...messages.values()])
      .onConflict((conflict) => conflict.columns(["root_id", "hash"]).doNothing())
      .execute();
  }
  if (calls.length > 0) await db.insertInto("nucleo_model_call_content").values(calls).execute();
  if (threadRows.length > 0)
    await db.insertInto("nucleo_thread_messages").values(threadRows).execute();
  if (jobs.length > 0) await db.insertInto("nucleo_job_content").values(jobs).execute();
}
