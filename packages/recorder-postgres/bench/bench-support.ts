/**
 * What the package's benchmarks share beyond `@nucleo/tooling/bench`: a throwaway PostgreSQL
 * server that is optional (without PostgreSQL installed its rows are skipped, PGlite's still
 * run), a connection to either backend, and a rate's table cells. Plain erasable TypeScript: Node runs the benchmarks directly.
 */
import { openRecorderDatabase, type RecorderConnection } from "@nucleo/recorder-postgres";
import { median, whole } from "@nucleo/tooling/bench";
import { POSTGRES_BINARIES_NOT_FOUND, startThrowawayPostgres } from "@nucleo/tooling/postgres";

/** A rate's cells: the median in bold, then the range (`**1,234** | 1,100 – 1,300`). */
export const rateCells = (rates: readonly number[]): string =>
  `**${whole(median(rates))}** | ${whole(Math.min(...rates))} – ${whole(Math.max(...rates))}`;

/**
 * Runs `use` on a fresh connection to `backend` (PostgreSQL on `server`, or in-memory PGlite)
 * and closes it; skips PostgreSQL, returning `undefined`, when no server could be started.
 */
export async function withBackend<TResult>(
  backend: "postgres" | "pglite",
  server: { readonly url: string } | undefined,
  use: (connection: RecorderConnection) => Promise<TResult>,
): Promise<TResult | undefined> {
  if (backend === "postgres" && server === undefined) return undefined;
  const connection = await openRecorderDatabase(backend === "postgres" ? { url: server!.url } : {});
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/** A throwaway server for the benchmark, or `undefined` (with a warning) when PostgreSQL is not installed. */
export async function startOptionalServer(): Promise<
  Awaited<ReturnType<typeof startThrowawayPostgres>> | undefined
> {
  try {
    return await startThrowawayPostgres();
  } catch (error) {
    if ((error as { code?: unknown }).code !== POSTGRES_BINARIES_NOT_FOUND) throw error;
    console.warn(`PostgreSQL is not installed: its rows are skipped. ${(error as Error).message}`);
    return undefined;
  }
}
