import type { Migration } from "kysely/migration";
import * as initial from "./0001-initial.js";
import * as costRollups from "./0002-cost-rollups.js";
import * as sharedBudgets from "./0003-shared-budgets.js";
import * as bookingTotals from "./0004-booking-totals.js";
import * as saidContent from "./0005-said-content.js";
import * as replay from "./0006-replay.js";
import * as workflowList from "./0007-workflow-list.js";
import * as hourCacheWrites from "./0008-hour-cache-writes.js";

/**
 * Every recorder migration, by name, listed in code rather than read from a folder so they
 * ship inside the built package. Names sort in the order they apply; add new ones at the end
 * and never edit one that has shipped.
 *
 * @internal
 */
export const RECORDER_MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001-initial": initial,
  "0002-cost-rollups": costRollups,
  "0003-shared-budgets": sharedBudgets,
  "0004-booking-totals": bookingTotals,
  "0005-said-content": saidContent,
  "0006-replay": replay,
  "0007-workflow-list": workflowList,
  "0008-hour-cache-writes": hourCacheWrites,
};
