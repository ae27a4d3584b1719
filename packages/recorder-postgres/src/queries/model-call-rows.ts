import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readCount, readDecimal, readTokens, type TokenTotals } from "./cost-totals.js";

/** One model call's metadata, as `nucleo_model_calls` holds it. */
export interface RecordedModelCall {
  readonly jobId: string;
  /** The call's event number within its job. */
  readonly seq: number;
  readonly rootId: string;
  /** When the call was reported (epoch milliseconds). */
  readonly at: number;
  /** The catalog entry that served it. */
  readonly entryId: string;
  /** `gen_ai.provider.name`, when reported. */
  readonly providerName: string | null;
  /** `gen_ai.request.model`: the model the entry asked for, when reported. */
  readonly requestModel: string | null;
  /** `gen_ai.response.model`: the model the provider says answered. */
  readonly responseModel: string;
  readonly tokens: TokenTotals;
  /** Of `tokens.cacheCreation`, those written to the cache for an hour (priced apart). */
  readonly cacheCreation1hTokens: number;
  /** Exact decimal text, in {@link RecordedModelCall.currency}. */
  readonly cost: string;
  readonly currency: string;
  readonly latencyMs: number;
  /** `end`, `tool_use`, `max_tokens`, ... */
  readonly finishReason: string;
  /** The job attempt it was made in (1 for the first). */
  readonly attempt: number;
}

/** How a call's content is stored: references into the workflow's messages. @internal */
export interface CallContentRefs {
  readonly systemHash: string | null;
  /** The request's messages in order: the first `message_count` positions of its thread. */
  readonly messageHashes: readonly string[];
  /** Positions of the request its thread does not hold (a row deleted by hand, or not yet written). */
  readonly unresolvedPositions: number;
  readonly responseHash: string;
  readonly tools: readonly string[];
  readonly toolChoice: string | null;
  readonly responseFormat: unknown;
}

/** The metadata columns of `nucleo_model_calls`, in table order. */
const METADATA_COLUMNS = [
  "mc.job_id",
  "mc.seq",
  "mc.root_id",
  "mc.at",
  "mc.entry_id",
  "mc.provider_name",
  "mc.request_model",
  "mc.response_model",
  "mc.input_tokens",
  "mc.cache_read_input_tokens",
  "mc.cache_creation_input_tokens",
  "mc.cache_creation_1h_input_tokens",
  "mc.output_tokens",
  "mc.reasoning_output_tokens",
  "mc.cost",
  "mc.currency",
  "mc.latency_ms",
  "mc.finish_reason",
  "mc.attempt",
] as const;

/**
 * Model calls' metadata only: no join, nothing of what was said (the content tables stay
 * unread).
 *
 * @internal
 */
export function selectModelCallMetadata(db: Kysely<RecorderDatabase>) {
  return db.selectFrom("nucleo_model_calls as mc").select(METADATA_COLUMNS);
}

/**
 * Model calls with their content's references (left-joined: a call recorded without content
 * has none). Selects no text: the messages are read apart, each once.
 *
 * @internal
 */
export function selectModelCalls(db: Kysely<RecorderDatabase>) {
  return db
    .selectFrom("nucleo_model_calls as mc")
    .leftJoin("nucleo_model_call_content as cc", (join) =>
      join.onRef("cc.job_id", "=", "mc.job_id").onRef("cc.seq", "=", "mc.seq"),
    )
    .select([
      ...METADATA_COLUMNS,
      "cc.response_hash",
      "cc.system_hash",
      "cc.thread",
      "cc.message_count",
      "cc.tools",
      "cc.tool_choice",
      "cc.response_format",
    ]);
}

/** A row of {@link selectModelCalls}. @internal */
export type ModelCallRow = Awaited<
  ReturnType<ReturnType<typeof selectModelCalls>["executeTakeFirstOrThrow"]>
>;

/** A row of {@link selectModelCallMetadata}: what {@link readModelCall} reads. @internal */
export type ModelCallMetadataRow = Awaited<
  ReturnType<ReturnType<typeof selectModelCallMetadata>["executeTakeFirstOrThrow"]>
>;

/** A row's metadata. @internal */
export function readModelCall(row: ModelCallMetadataRow): RecordedModelCall {
  return {
    jobId: row.job_id,
    seq: row.seq,
    rootId: row.root_id,
    at: row.at.getTime(),
    entryId: row.entry_id,
    providerName: row.provider_name,
    requestModel: row.request_model,
    responseModel: row.response_model,
    tokens: readTokens({ ...row, calls: 1, cost: row.cost }),
    cacheCreation1hTokens: readCount(row.cache_creation_1h_input_tokens),
    cost: readDecimal(row.cost),
    currency: row.currency,
    latencyMs: readCount(row.latency_ms),
    finishReason: row.finish_reason,
    attempt: row.attempt,
  };
}

/**
 * A row's content references, its request's messages read from `threads` (see
 * `threadsFrom`); undefined when the call was recorded without content. @internal
 */
export function readContentRefs(
  row: ModelCallRow,
  threads: ReadonlyMap<string, readonly (string | undefined)[]>,
): CallContentRefs | undefined {
  // The response is the one reference every stored call has: no response, no content row.
  if (row.response_hash === null) return undefined;
  const count = row.message_count ?? 0;
  const positions = row.thread === null ? undefined : threads.get(row.thread);
  const messageHashes: string[] = [];
  for (let position = 0; position < count; position++) {
    const hash = positions?.[position];
    if (hash !== undefined) messageHashes.push(hash);
  }
  return {
    systemHash: row.system_hash,
    messageHashes,
    unresolvedPositions: count - messageHashes.length,
    responseHash: row.response_hash,
    tools: row.tools ?? [],
    toolChoice: row.tool_choice,
    responseFormat: row.response_format ?? null,
  };
}
