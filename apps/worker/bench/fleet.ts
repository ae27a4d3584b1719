/**
 * The queue, end to end through the worker: a trivial workflow submitted to the queue, taken by
 * `nucleo serve`'s own pieces (the worker's dispatcher, its Postgres recorder, the resumable
 * attempt that flushes the recorder before the queue stores the result), next to a raw pg-boss
 * job with an empty handler in the same worker shape on the same database. `pnpm --filter
 * @nucleo/worker bench:fleet`; runs against the built packages
 * (`pnpm turbo run build --filter=@nucleo/worker...` first).
 */
import "@nucleo/tooling/source-hooks";

await import("./fleet-main.ts");
