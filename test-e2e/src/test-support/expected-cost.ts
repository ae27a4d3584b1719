// The exact price of a recorded model call, as the runtime computes it, for the tests that check the ledger.
import type { Catalog } from "@nucleo/catalog";
import { Decimal } from "@nucleo/core";
import type { CallRow } from "./recorded-rows.js";

/** The USD cost of a recorded call, priced from the catalog exactly as the runtime prices it. */
export function expectedCost(catalog: Catalog, call: CallRow): string {
  const prices = catalog.get(call.entry_id).prices.at(-1)!;
  const per = (price: string | undefined, tokens: string) =>
    Decimal.parse(price ?? "0").times(BigInt(tokens));
  return per(prices.input, call.input_tokens)
    .plus(per(prices.cacheRead ?? prices.input, call.cache_read_input_tokens))
    .plus(per(prices.cacheWrite ?? prices.input, call.cache_creation_input_tokens))
    .plus(per(prices.output, call.output_tokens))
    .plus(per(prices.reasoning ?? prices.output, call.reasoning_output_tokens))
    .shiftLeft(6)
    .toString();
}
