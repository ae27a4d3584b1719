/**
 * The admin console's HTTP API, as the server answers it and the web pages read it: one place
 * for both sides (the pages import these types only, so nothing of the server reaches the
 * browser). Every body is JSON. Times are epoch milliseconds, costs exact decimal text per
 * currency (never a float), ids opaque text. Errors are {@link ApiError}.
 *
 * Routes (all under `/api`; every one but `POST /session` needs a signed-in session, and every
 * state-changing one the session's CSRF token in the `x-csrf-token` header and a same-origin
 * `Origin`):
 *
 * | method and path                              | role     | answer                 |
 * |----------------------------------------------|----------|------------------------|
 * | `POST /session` {@link SignInRequest}          | —        | {@link SessionInfo}    |
 * | `GET /session`                               | viewer   | {@link SessionInfo}    |
 * | `DELETE /session`                            | viewer   | 204                    |
 * | `GET /runs?` {@link RunsQuery}                 | viewer   | {@link RunsPage}       |
 * | `GET /runs/:rootId`                          | viewer   | `RunDetailWire` (`decodeRun` gives {@link RunDetail}) |
 * | `GET /jobs/:jobId/content`                   | viewer   | {@link JobContentView} |
 * | `GET /jobs/:jobId/calls`                     | viewer   | {@link ModelCallSummary}[] |
 * | `GET /jobs/:jobId/calls/:seq`                | viewer   | {@link ModelCallView}  |
 * | `GET /costs?` {@link CostsQuery}               | viewer   | {@link CostRow}[]      |
 * | `GET /benchmarks`                            | viewer   | {@link BenchmarkSummary}[] |
 * | `GET /benchmarks/:jobId`                     | viewer   | {@link BenchmarkDetail} |
 * | `GET /models`                                | viewer   | {@link ModelsView}     |
 * | `GET /fleet`                                 | viewer   | {@link FleetView}      |
 * | `POST /fleet/submit` {@link SubmitRequest}     | operator | {@link SubmitAnswer}   |
 * | `POST /fleet/workflows/:id/cancel`           | operator | {@link DoneAnswer}     |
 * | `POST /fleet/dead-letters/:id/retry`         | operator | {@link DoneAnswer}     |
 *
 * @packageDocumentation
 */

/** Who may do what: a viewer reads; an operator also submits, cancels and retries. */
export type Role = "viewer" | "operator";

/** Every error answer: 400 (a bad parameter, named in `field`), 401, 403, 404, 409, 429, 503. */
export interface ApiError {
  readonly error: {
    /** A stable code: `invalid_input`, `unauthenticated`, `forbidden`, `csrf_refused`, `not_found`, `too_many_attempts`, `unavailable`, ... */
    readonly code: string;
    /** A sentence for a person; never holds a secret. */
    readonly message: string;
    /** The parameter or body field at fault, for `invalid_input`. */
    readonly field?: string;
  };
}

/** `POST /api/session`: the user name is the role's name (`viewer` or `operator`). */
export interface SignInRequest {
  readonly user: string;
  readonly password: string;
}

/** The signed-in user and the token every state-changing request must carry. */
export interface SessionInfo {
  readonly user: string;
  readonly role: Role;
  /** Send as the `x-csrf-token` header on every POST and DELETE. */
  readonly csrfToken: string;
}

/** Exact cost per currency, decimal text: `{ "USD": "0.0132" }`. Empty when nothing was spent. */
export type Money = Readonly<Record<string, string>>;

/** Tokens summed over model calls. */
export interface Tokens {
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheCreation: number;
  readonly output: number;
  readonly reasoning: number;
}

/** How many model calls, and their exact cost per currency. */
export interface CallsAndCost {
  readonly calls: number;
  readonly cost: Money;
}

/** Where a run is, as the recorder has it. */
export type RunStatus = "submitted" | "running" | "finished" | "failed";

/** `GET /api/runs` query parameters; every one optional. */
export interface RunsQuery {
  readonly status?: RunStatus;
  /** The workflow's (root job's) name, exactly. */
  readonly workflow?: string;
  readonly tenant?: string;
  /** Submitted at or after (epoch ms, or an ISO date-time). */
  readonly from?: string;
  /** Submitted before. */
  readonly to?: string;
  /** Cost bounds in `currency` (decimal text); need `currency`. */
  readonly minCost?: string;
  readonly maxCost?: string;
  readonly currency?: string;
  /** A catalog entry id: runs with at least one call it served. */
  readonly model?: string;
  /** Full-text search over what was said (web-search syntax). */
  readonly q?: string;
  /** The `next` of the previous page. */
  readonly cursor?: string;
  /** 1–200, default 50. */
  readonly limit?: string;
}

/** One run in the list. */
export interface RunSummary {
  readonly rootId: string;
  readonly workflow: string;
  readonly jobClass: string;
  readonly status: RunStatus;
  readonly tenant: string | null;
  readonly submittedAt: number | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly error: { readonly code: string | null; readonly message: string | null } | null;
  readonly cost: Money;
  /** Full-text search only: how many things said matched, and a snippet (plain text). */
  readonly matches?: number;
  readonly snippet?: string;
}

/** A page of runs, newest first; `next` is null on the last page. */
export interface RunsPage {
  readonly runs: readonly RunSummary[];
  readonly next: string | null;
}

/** One job of a run, in tree order (a parent before its children), with its depth. */
export interface RunJob {
  readonly jobId: string;
  readonly parentId: string | null;
  /** 0 for the root; detached jobs (parent not recorded yet) are 0 too, after the tree. */
  readonly depth: number;
  readonly ordinal: number | null;
  readonly jobClass: string;
  readonly jobName: string;
  readonly kind: string;
  readonly status: RunStatus;
  readonly attempts: number;
  readonly submittedAt: number | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly error: { readonly code: string | null; readonly message: string | null } | null;
  /** Set when the job returned an earlier attempt's recorded output instead of running. */
  readonly replayedFrom: string | null;
  /** Its own model calls (tokens per call: `GET /api/jobs/:jobId/calls`). */
  readonly own: CallsAndCost;
  /** Its whole subtree's (itself and every descendant). */
  readonly subtree: CallsAndCost;
  /** How many children it has (the tree view folds on it). */
  readonly children: number;
}

/**
 * A run's trajectory flattened in tree order: what `decodeRun` makes of `GET /api/runs/:rootId`'s
 * compact answer (`RunDetailWire`, in `run-wire.ts`).
 */
export interface RunDetail {
  readonly rootId: string;
  readonly jobCount: number;
  readonly jobs: readonly RunJob[];
}

/** A job's input and output as recorded; absent where nothing was recorded. */
export interface JobContentView {
  readonly jobId: string;
  readonly input?: unknown;
  readonly output?: unknown;
}

/** One model call's metadata. */
export interface ModelCallSummary {
  readonly jobId: string;
  readonly seq: number;
  readonly at: number;
  readonly entryId: string;
  readonly providerName: string | null;
  readonly requestModel: string | null;
  readonly responseModel: string;
  readonly tokens: Tokens;
  readonly cost: string;
  readonly currency: string;
  readonly latencyMs: number;
  readonly finishReason: string;
  readonly attempt: number;
}

/**
 * One part of a recorded message, as the recorder keeps it. Tool arguments and results are
 * text as the model wrote or read them (often JSON, never parsed here). `other` stands for an
 * image, a file or a part of a kind this version does not know.
 */
export type MessagePart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string; readonly redacted?: boolean }
  | {
      readonly type: "tool_call";
      readonly id: string;
      readonly name: string;
      readonly text: string;
    }
  | {
      readonly type: "tool_result";
      readonly callId: string;
      readonly name: string;
      readonly text: string;
      readonly isError: boolean;
    }
  | {
      readonly type: "other";
      readonly kind: string;
      readonly name?: string;
      readonly url?: string;
    };

/** One recorded message. */
export interface MessageView {
  readonly role: string;
  readonly parts: readonly MessagePart[];
}

/** `GET /api/jobs/:jobId/calls/:seq`: a call and, when content was recorded, its transcript. */
export interface ModelCallView extends ModelCallSummary {
  readonly content?: {
    readonly system: string | null;
    readonly messages: readonly MessageView[];
    readonly tools: readonly string[];
    readonly toolChoice: string | null;
    /** The structured answer's `{ name, schema }`, when one was required. */
    readonly responseFormat: unknown;
    /** Null when the answer's message is not stored. */
    readonly answer: MessageView | null;
    /** Messages referenced but not stored (left out above). */
    readonly missingMessages: number;
  };
}

export type * from "./contract-pages.js";
