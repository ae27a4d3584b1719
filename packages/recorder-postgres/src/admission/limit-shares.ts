import type { DeclaredLimit, LimitName } from "@nucleo/catalog";

/** The running total of an entry's window that a limit is checked against. @internal */
export type UsedColumn = "requests" | "tokens" | "input_tokens" | "output_tokens";

/** What one demand asks of one of its entry's declared limits, and the column that limit caps. @internal */
export interface LimitShare extends DeclaredLimit {
  /** The window's running total this limit caps. */
  readonly column: UsedColumn;
}

/** Which total each limit caps: the columns hold what the catalog's `amountFor` books. */
const USED_COLUMN: Readonly<Record<LimitName, UsedColumn>> = {
  requestsPerMinute: "requests",
  tokensPerMinute: "tokens",
  inputTokensPerMinute: "input_tokens",
  outputTokensPerMinute: "output_tokens",
};

/**
 * One share per limit a demand declares, as the catalog's `sharedStoreChecks.demand` returned
 * them (checked, with what the demand books against each), with the column each one caps.
 *
 * @internal
 */
export function limitShares(declared: readonly DeclaredLimit[]): LimitShare[] {
  return declared.map((limit) => ({ ...limit, column: USED_COLUMN[limit.name] }));
}
