import { POSTGRES_BINARIES_NOT_FOUND } from "./find-postgres-binaries.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres.ts";

/**
 * A throwaway server for a package's test run (its vitest global setup), or `undefined` when
 * PostgreSQL is not installed: then `label`'s server tests are skipped with a warning — except
 * under CI, where a missing server fails the run rather than quietly testing less.
 */
export async function throwawayPostgresForTests(
  label: string,
): Promise<ThrowawayPostgres | undefined> {
  try {
    return await startThrowawayPostgres();
  } catch (error) {
    const missing = (error as { code?: unknown }).code === POSTGRES_BINARIES_NOT_FOUND;
    const ci = process.env.CI;
    if (!missing || (ci !== undefined && !/^(false|0|)$/i.test(ci))) throw error;
    console.warn(`${label}: the PostgreSQL tests are skipped. ${(error as Error).message}`);
    return undefined;
  }
}
