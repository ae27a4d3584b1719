import type { LimitName, SharedDemand } from "@nucleo/catalog";

/** The running total of an entry's window that a limit is checked against. @internal */
export type UsedColumn = "requests" | "tokens" | "input_tokens" | "output_tokens";

/** What one demand asks of one of its entry's declared limits. @internal */
export interface LimitShare {
  readonly name: LimitName;
  /** The window's running total this limit caps. */
  readonly column: UsedColumn;
  readonly limit: number;
  /** What the demand books against it: one request, or its tokens on the limit's side. */
  readonly amount: number;
}

/** Which total each limit caps, as the in-process `EntryBudget` books them. */
const USED_COLUMN: Readonly<Record<LimitName, UsedColumn>> = {
  requestsPerMinute: "requests",
  tokensPerMinute: "tokens",
  inputTokensPerMinute: "input_tokens",
  outputTokensPerMinute: "output_tokens",
};

/** The limit names the store knows, for checking a demand's limits. @internal */
export const LIMIT_NAMES = Object.keys(USED_COLUMN) as readonly LimitName[];

/**
 * One share per limit the demand declares (a limit left out is not enforced). The demand must
 * have been checked: its limits are known names with whole positive values.
 *
 * @internal
 */
export function limitShares(demand: SharedDemand): LimitShare[] {
  const shares: LimitShare[] = [];
  for (const name of LIMIT_NAMES) {
    const limit = demand.limits[name];
    if (limit === undefined) continue;
    shares.push({ name, column: USED_COLUMN[name], limit, amount: amountOf(USED_COLUMN[name], demand.inputTokens, demand.outputTokens) });
  }
  return shares;
}

/** What a booking of `inputTokens` and `outputTokens` adds to a window's total. */
function amountOf(column: UsedColumn, inputTokens: number, outputTokens: number): number {
  switch (column) {
    case "requests":
      return 1;
    case "tokens":
      return inputTokens + outputTokens;
    case "input_tokens":
      return inputTokens;
    case "output_tokens":
      return outputTokens;
  }
}
