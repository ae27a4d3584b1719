import { InvalidInputError } from "@nucleo/core";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import {
  readCount,
  readDecimal,
  readTokens,
  totalsColumns,
  type TokenTotals,
} from "./cost-totals.js";
import { requireId } from "./query-guard.js";
import { requireWorkflow } from "./workflow-checks.js";

/** What a cost ledger groups model calls by. */
export const LEDGER_GROUPINGS = ["workflow", "jobClass", "model", "day", "tenant"] as const;

/** A cost ledger's grouping: see {@link LEDGER_GROUPINGS}. */
export type LedgerGrouping = (typeof LEDGER_GROUPINGS)[number];

/** Which calls a cost ledger covers, and how it groups them. */
export interface CostLedgerOptions {
  /**
   * `workflow` (the root job id), `jobClass`, `model` (the model the provider says answered,
   * `gen_ai.response.model`), `day` (the call's UTC day, `YYYY-MM-DD`) or `tenant` (the tenant
   * its workflow was submitted with, `scope_axes->>'tenant'` of the root job; `""` for a
   * workflow without one, or whose root job is not recorded yet).
   */
  readonly by: LedgerGrouping;
  /** Only this workflow's calls (refused as `unknown_workflow` when none is recorded). */
  readonly rootId?: string;
  /** Only calls at or after this instant. */
  readonly from?: Date;
  /** Only calls before this instant (the range is half-open: `from` ≤ at < `to`). */
  readonly to?: Date;
  /** Only calls priced in this currency. */
  readonly currency?: string;
}

/** One line of a cost ledger: a group's calls in one currency. */
export interface CostLedgerRow {
  /** The group: a root job id, a job class, a model name, a `YYYY-MM-DD` day or a tenant (`""`: none). */
  readonly key: string;
  readonly currency: string;
  readonly calls: number;
  readonly tokens: TokenTotals;
  /** Exact decimal text: the `numeric` sum of the calls' costs. */
  readonly cost: string;
}

/** What each grouping selects as the key, and what it groups by. */
const GROUPINGS: Readonly<
  Record<LedgerGrouping, { readonly key: RawBuilder<string>; readonly group: RawBuilder<unknown> }>
> = {
  workflow: { key: sql<string>`mc.root_id`, group: sql`mc.root_id` },
  jobClass: { key: sql<string>`mc.job_class`, group: sql`mc.job_class` },
  model: { key: sql<string>`mc.response_model`, group: sql`mc.response_model` },
  // Grouped by the UTC date (whatever the session's time zone) and formatted once per group:
  // formatting each of a million rows doubled the query's time. The planner needs statistics
  // on this expression to hash the thirty-odd days instead of sorting every call.
  day: {
    key: sql<string>`to_char((mc.at at time zone 'UTC')::date, 'YYYY-MM-DD')`,
    group: sql`(mc.at at time zone 'UTC')::date`,
  },
  // The root job's row, joined only for this grouping (see readCostLedger).
  tenant: {
    key: sql<string>`coalesce(root.scope_axes->>'tenant', '')`,
    group: sql`coalesce(root.scope_axes->>'tenant', '')`,
  },
};

/**
 * Sums model calls per group and currency — one row per (key, currency), never a sum across
 * currencies — ordered by key, then currency.
 *
 * @internal
 */
export async function readCostLedger(
  db: Kysely<RecorderDatabase>,
  options: CostLedgerOptions,
): Promise<CostLedgerRow[]> {
  const checked = checkLedgerOptions(options);
  const grouping = GROUPINGS[checked.by];
  let query = db
    .selectFrom("nucleo_model_calls as mc")
    // A call's tenant is its workflow's: left-joined, so calls whose root row is not written
    // yet still count (under "").
    .$if(checked.by === "tenant", (tenant) =>
      tenant.leftJoin("nucleo_jobs as root", "root.id", "mc.root_id"),
    )
    .select(grouping.key.as("key"))
    .select("mc.currency")
    .select(totalsColumns());
  if (checked.rootId !== undefined) query = query.where("mc.root_id", "=", checked.rootId);
  if (checked.from !== undefined) query = query.where("mc.at", ">=", checked.from);
  if (checked.to !== undefined) query = query.where("mc.at", "<", checked.to);
  if (checked.currency !== undefined) query = query.where("mc.currency", "=", checked.currency);
  const rows = await query
    .groupBy([grouping.group, sql`mc.currency`])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
  if (rows.length === 0 && checked.rootId !== undefined)
    await requireWorkflow(db, checked.rootId, "costLedger");
  return rows.map((row) => ({
    key: row.key,
    currency: row.currency,
    calls: readCount(row.calls),
    tokens: readTokens(row),
    cost: readDecimal(row.cost),
  }));
}

function checkLedgerOptions(options: CostLedgerOptions): CostLedgerOptions {
  if (
    typeof options !== "object" ||
    options === null ||
    !(LEDGER_GROUPINGS as readonly unknown[]).includes(options.by)
  ) {
    throw new InvalidInputError({
      parameter: "by",
      expected: `one of ${LEDGER_GROUPINGS.join(", ")}`,
    });
  }
  if (options.rootId !== undefined) requireId(options.rootId, "rootId");
  if (options.currency !== undefined) requireId(options.currency, "currency");
  for (const bound of ["from", "to"] as const) {
    const value = options[bound];
    if (value !== undefined && !(value instanceof Date && Number.isFinite(value.getTime()))) {
      throw new InvalidInputError({ parameter: bound, expected: "a valid Date" });
    }
  }
  return options;
}
