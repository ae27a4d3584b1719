import { z } from "zod";
import type { CostRow } from "../api/contract.js";
import type { AdminApi, RouteDeps } from "../http/admin-env.js";
import { parseInput } from "../http/parse-input.js";
import { timeParameter } from "./parameters.js";

const costsQuery = z.strictObject({
  by: z.enum(["workflow", "jobClass", "model", "tenant", "day"]),
  from: timeParameter.optional(),
  to: timeParameter.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "expected an ISO 4217 code like USD")
    .optional(),
});

/** The cost ledgers: exact decimal text per group and currency, as the recorder sums them. */
export function costRoutes(api: AdminApi, { services }: RouteDeps): void {
  api.get("/costs", async (c) => {
    const query = parseInput(costsQuery, c.req.query(), "query");
    const rows = await services.queries.costLedger(query);
    return c.json(
      rows.map(
        (row): CostRow => ({
          key: row.key,
          currency: row.currency,
          calls: row.calls,
          tokens: { ...row.tokens },
          cost: row.cost,
        }),
      ),
    );
  });
}
