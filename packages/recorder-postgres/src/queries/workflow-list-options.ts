import { InvalidInputError } from "@nucleo/core";
import { decodeWorkflowCursor, type WorkflowCursor } from "./workflow-cursor.js";

/** The statuses a workflow (its root job) is recorded with, as `workflows({ status })` takes them. */
export const WORKFLOW_STATUSES = ["submitted", "running", "finished", "failed"] as const;

/** A workflow's recorded status: see {@link WORKFLOW_STATUSES}. */
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** How many workflows a page holds when `limit` is not given. */
export const WORKFLOW_LIST_DEFAULT_LIMIT = 50;
/** The most workflows one page may hold. */
export const WORKFLOW_LIST_MAX_LIMIT = 200;

/** The longest cost bound taken, in characters: far past any amount, short of a denial of service. */
const MAX_COST_TEXT = 100;
/** Decimal text as `Decimal.parse` of `@nucleo/core` reads it: `12`, `0.25`, `-3.5`. */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * Which workflows `RecorderQueries.workflows` lists, and where its page starts. Every
 * filter is optional and they combine (all must hold).
 */
export interface WorkflowListOptions {
  /** The `next` of the previous page: the page starts after that page's last workflow. */
  readonly cursor?: string;
  /** How many workflows at most (1 to {@link WORKFLOW_LIST_MAX_LIMIT}, default {@link WORKFLOW_LIST_DEFAULT_LIMIT}). */
  readonly limit?: number;
  /** Only workflows whose root job has this status. */
  readonly status?: WorkflowStatus;
  /** Only workflows whose root job has this name (exactly). */
  readonly workflow?: string;
  /** Only workflows submitted with this tenant (`scope_axes->>'tenant'` of the root job). */
  readonly tenant?: string;
  /** Only workflows submitted at or after this instant (their submission recorded). */
  readonly from?: Date;
  /** Only workflows submitted before this instant (half-open: `from` ≤ submitted < `to`). */
  readonly to?: Date;
  /** Only workflows with at least one model call that this catalog entry (`entry_id`) served. */
  readonly model?: string;
  /**
   * Only workflows that cost at least this much in {@link WorkflowListOptions.currency}
   * (decimal text, compared exactly as `numeric`; a workflow with no call in that currency
   * cost 0 in it).
   */
  readonly minCost?: string;
  /** Only workflows that cost at most this much in {@link WorkflowListOptions.currency} (as `minCost`). */
  readonly maxCost?: string;
  /**
   * The currency `minCost` and `maxCost` are in; required with either. Alone it filters
   * nothing (it only says what the bounds are in: a form may send it without one).
   */
  readonly currency?: string;
}

/** Options checked, with their defaults filled in and the cursor read. @internal */
export interface CheckedWorkflowListOptions {
  readonly after: WorkflowCursor | undefined;
  readonly limit: number;
  readonly status: WorkflowStatus | undefined;
  readonly workflow: string | undefined;
  readonly tenant: string | undefined;
  readonly from: Date | undefined;
  readonly to: Date | undefined;
  readonly model: string | undefined;
  /** Set only when a bound is: the currency and the bounds given. */
  readonly cost: CostBounds | undefined;
}

/** Cost bounds in one currency, as exact decimal text. @internal */
export interface CostBounds {
  readonly currency: string;
  readonly min: string | undefined;
  readonly max: string | undefined;
}

/**
 * Checks what `RecorderQueries.workflows` was asked, before anything reaches the
 * database: each bad option is an `InvalidInputError` naming it. Input is untrusted (a console
 * passes query parameters on): values are checked by type, not assumed from the signature.
 *
 * @internal
 */
export function checkWorkflowListOptions(options: unknown): CheckedWorkflowListOptions {
  if (typeof options !== "object" || options === null)
    throw new InvalidInputError({ parameter: "options", expected: "an object of list options" });
  const given = options as Record<keyof WorkflowListOptions, unknown>;
  const limit = given.limit ?? WORKFLOW_LIST_DEFAULT_LIMIT;
  if (
    typeof limit !== "number" ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > WORKFLOW_LIST_MAX_LIMIT
  ) {
    throw new InvalidInputError({
      parameter: "limit",
      expected: `a whole number from 1 to ${WORKFLOW_LIST_MAX_LIMIT}`,
    });
  }
  if (
    given.status !== undefined &&
    !(WORKFLOW_STATUSES as readonly unknown[]).includes(given.status)
  ) {
    throw new InvalidInputError({
      parameter: "status",
      expected: `one of ${WORKFLOW_STATUSES.join(", ")}`,
    });
  }
  return {
    after: given.cursor === undefined ? undefined : decodeWorkflowCursor(given.cursor),
    limit,
    status: given.status as WorkflowStatus | undefined,
    workflow: optionalText(given.workflow, "workflow", "a workflow's name"),
    tenant: optionalText(given.tenant, "tenant", "a tenant"),
    from: optionalDate(given.from, "from"),
    to: optionalDate(given.to, "to"),
    model: optionalText(given.model, "model", "a catalog entry's id"),
    cost: checkCostBounds(given),
  };
}

function checkCostBounds(
  given: Record<keyof WorkflowListOptions, unknown>,
): CostBounds | undefined {
  const min = optionalDecimal(given.minCost, "minCost");
  const max = optionalDecimal(given.maxCost, "maxCost");
  const currency = optionalText(given.currency, "currency", "a currency code like USD");
  if (min === undefined && max === undefined) return undefined;
  if (currency === undefined) {
    throw new InvalidInputError({
      parameter: "currency",
      expected: "the currency of minCost and maxCost (required with either), like USD",
    });
  }
  return { currency, min, max };
}

/** A text filter: undefined, or a non-empty string without NUL (text cannot hold one). */
function optionalText(value: unknown, parameter: string, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "" || value.includes("\u0000"))
    throw new InvalidInputError({ parameter, expected: `${what} (non-empty text without NUL)` });
  return value;
}

function optionalDate(value: unknown, parameter: string): Date | undefined {
  if (value === undefined) return undefined;
  if (!(value instanceof Date && Number.isFinite(value.getTime())))
    throw new InvalidInputError({ parameter, expected: "a valid Date" });
  return value;
}

function optionalDecimal(value: unknown, parameter: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length > MAX_COST_TEXT || !DECIMAL_TEXT.test(value)) {
    throw new InvalidInputError({
      parameter,
      expected: `decimal text like "0.25" (digits, an optional "-" and fraction; at most ${MAX_COST_TEXT} characters)`,
    });
  }
  return value;
}
