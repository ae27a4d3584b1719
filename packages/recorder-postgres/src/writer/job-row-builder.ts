import type { RunEvent } from "@nucleo/core";
import type { Insertable } from "kysely";
import type { JobsTable } from "../schema/database.js";
import { int4, jsonText, optionalText, text } from "./column-values.js";

/** A `nucleo_jobs` row with every column given, so one multi-row INSERT fits all. @internal */
export type JobRow = Required<Insertable<JobsTable>>;

/** What the latest lifecycle event (`job.submitted` / `started` / `finished` / `failed`) says. */
interface Lifecycle {
  readonly seq: number;
  readonly status: string;
  readonly endedAt: string | null;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** What `job.submitted` alone says. */
export interface Submission {
  readonly ancestors: string[];
  readonly jobClass: string;
  readonly jobName: string;
  readonly kind: string;
  /** `agent`, `model_call`, or null (see `JobRole`). */
  readonly role: string | null;
  readonly ordinal: number | null;
  readonly submittedAt: string;
  readonly scopeAxes: string;
  readonly readOnly: boolean;
  /** The replay mark's position, fingerprint and the job it replayed; null without a mark. */
  readonly position: string | null;
  readonly fingerprint: string | null;
  readonly replayedFrom: string | null;
}

/**
 * One job's events of a batch, coalesced into the one row the batch writes for it. Events may
 * come in any order and twice: the row keeps the latest lifecycle event by `seq`, the earliest
 * start, the highest attempt, and the last value published under each key. The upsert in
 * `writeBatch` applies the same rules against the row already stored.
 *
 * @internal
 */
export class JobRowBuilder {
  #parentId: string | null;
  #submission: Submission | undefined;
  #ancestors: string[] | undefined;
  #jobClass: string | undefined;
  #startedAt: string | null = null;
  #attempts = 0;
  #lifecycle: Lifecycle | undefined;
  /** Published values as JSON text, by key (the text of the key itself). */
  readonly #published = new Map<string, { readonly seq: number; readonly json: string }>();

  constructor(
    readonly id: string,
    readonly rootId: string,
    parentId: string | null,
  ) {
    this.#parentId = parentId;
  }

  /** Any event: the job exists, under this parent. */
  touch(parentId: string | null): void {
    this.#parentId ??= parentId;
  }

  submitted(seq: number, submission: Submission): void {
    this.#submission = submission;
    this.#lineage(submission.ancestors, submission.jobClass);
    this.#advance({ seq, status: "submitted", endedAt: null, errorCode: null, errorMessage: null });
  }

  /** An `llm.call` carries the job's class and ancestors too. */
  called(ancestors: string[], jobClass: string): void {
    this.#lineage(ancestors, jobClass);
  }

  started(seq: number, at: string, attempt: number): void {
    if (this.#startedAt === null || at < this.#startedAt) this.#startedAt = at;
    this.#attempts = Math.max(this.#attempts, attempt);
    this.#advance({ seq, status: "running", endedAt: null, errorCode: null, errorMessage: null });
  }

  ended(
    seq: number,
    at: string,
    error: { readonly code: string; readonly message: string } | null,
  ): void {
    this.#advance({
      seq,
      status: error === null ? "finished" : "failed",
      endedAt: at,
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
    });
  }

  /** `keyJson` and `valueJson` as {@link jsonText} makes them. */
  published(seq: number, keyJson: string, valueJson: string): void {
    const previous = this.#published.get(keyJson);
    if (previous === undefined || previous.seq < seq)
      this.#published.set(keyJson, { seq, json: valueJson });
  }

  row(): JobRow {
    const submission = this.#submission;
    const lifecycle = this.#lifecycle;
    let metadata = "{}";
    if (this.#published.size > 0)
      metadata = `{${Array.from(this.#published, ([key, { json }]) => `${key}:${json}`).join(",")}}`;
    return {
      id: this.id,
      parent_id: this.#parentId,
      root_id: this.rootId,
      // Until its submission is recorded, a row's class, ancestors and submission facts are the
      // columns' defaults ('' and '{}'); the upsert fills them in when the submission arrives.
      ancestors: this.#ancestors ?? [],
      job_class: this.#jobClass ?? "",
      job_name: submission?.jobName ?? "",
      kind: submission?.kind ?? "tool",
      role: submission?.role ?? null,
      ordinal: submission?.ordinal ?? null,
      status: lifecycle?.status ?? "submitted",
      submitted_at: submission?.submittedAt ?? null,
      started_at: this.#startedAt,
      ended_at: lifecycle?.endedAt ?? null,
      attempts: this.#attempts,
      last_seq: lifecycle?.seq ?? 0,
      scope_axes: submission?.scopeAxes ?? "{}",
      read_only: submission?.readOnly ?? false,
      position: submission?.position ?? null,
      fingerprint: submission?.fingerprint ?? null,
      replayed_from: submission?.replayedFrom ?? null,
      error_code: lifecycle?.errorCode ?? null,
      error_message: lifecycle?.errorMessage ?? null,
      metadata,
    };
  }

  #lineage(ancestors: string[], jobClass: string): void {
    if (this.#ancestors === undefined || this.#ancestors.length === 0) this.#ancestors = ancestors;
    if (this.#jobClass === undefined || this.#jobClass === "") this.#jobClass = jobClass;
  }

  #advance(lifecycle: Lifecycle): void {
    if (this.#lifecycle === undefined || this.#lifecycle.seq < lifecycle.seq)
      this.#lifecycle = lifecycle;
  }
}

/** The submission facts of a `job.submitted` event, checked. @internal */
export function readSubmission(
  event: Extract<RunEvent, { type: "job.submitted" }>,
  submittedAt: string,
): Submission {
  const axes: Record<string, string> = {};
  for (const [axis, value] of Object.entries(event.scope?.axes ?? {}))
    axes[axis] = text(value, `scope.axes.${axis}`);
  const mark = event.replay ?? undefined;
  return {
    ancestors: readIds(event.ancestors, "ancestors"),
    jobClass: text(event.jobClass, "jobClass"),
    jobName: text(event.jobName, "jobName"),
    kind: text(event.kind, "kind"),
    role: optionalText(event.role, "role"),
    ordinal:
      event.ordinal === null || event.ordinal === undefined ? null : int4(event.ordinal, "ordinal"),
    submittedAt,
    scopeAxes: jsonText(axes),
    readOnly: event.scope?.readOnly === true,
    position: mark === undefined ? null : text(mark.position, "replay.position"),
    fingerprint: mark === undefined ? null : text(mark.fingerprint, "replay.fingerprint"),
    replayedFrom:
      mark === undefined ? null : optionalText(mark.replayedFrom, "replay.replayedFrom"),
  };
}

/** A list of job ids (`ancestors`). @internal */
export function readIds(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((id, index) => text(id, `${field}[${index}]`));
}
