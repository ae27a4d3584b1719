/**
 * The worker's soak benchmark: workflows kept in flight for a while on the worker's own
 * pieces — its workflows and mock answers, its recorder setup — with the OpenAI and Anthropic
 * clients over HTTP to the mock provider, the Postgres recorder on a throwaway PostgreSQL
 * server, and a `CatalogAdmission` whose budgets live in the process or in PostgreSQL. It
 * reports throughput, seat waits, 429s, the recorder's rows, and (with `--heap`) how the heap
 * grows; `--limit-multiple` offers several times a tokens-per-minute limit and reports how
 * well the admission keeps to it. `--help` lists the options; the worker's README describes the
 * workload.
 *
 * Runs against the built packages (`pnpm turbo run build --filter=@nucleo/worker...` first).
 * Node runs this file directly (type stripping), so the bench keeps to erasable syntax.
 */
// The worker's sources import their siblings as `./file.js`; this hook finds `./file.ts`, so
// Node runs the worker's modules from source beside the packages' builds. Registered before
// anything else is resolved, hence the dynamic import below.
import "@nucleo/tooling/source-hooks";

await import("./soak-main.ts");
