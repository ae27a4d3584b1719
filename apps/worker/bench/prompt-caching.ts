/**
 * What prompt caching saves a thinker (issue 21): the worker's `budget_check` thinker on its
 * example input, and a 20-turn tool loop (`budget_check` adding 21 costs at QUICK depth, where it
 * delegates nothing), on the example catalog's LARGE Anthropic and OpenAI entries, caching on
 * and off, against the mock provider's caching model at catalog prices. Eight workflows run at
 * once per cell (a fleet sharing one system text), each taking a turn every 5 s of virtual time.
 *
 * For each cell it prints the calls, prompt tokens, cache reads and writes, what the prompt
 * tokens cost as billed, and checks that the ledger equals usage × price to the last decimal
 * (recomputed here, apart from `priceCall`). It exits 1 when a ledger is off.
 *
 *   pnpm --filter @nucleo/worker bench:caching
 *
 * Runs against the built packages (`pnpm turbo run build --filter=@nucleo/worker...` first).
 * Node runs this file directly (type stripping), so the bench keeps to erasable syntax.
 */
// The worker's sources import their siblings as `./file.js`; this hook finds `./file.ts`, so
// Node runs the worker's modules from source beside the packages' builds. Registered before
// anything else is resolved, hence the dynamic import below.
import "@nucleo/tooling/source-hooks";

await import("./prompt-caching-main.ts");
