/**
 * What the package's benchmarks share: the median they report, and a throwaway PostgreSQL
 * server that is optional (without PostgreSQL installed its rows are skipped, PGlite's still
 * run). Plain erasable TypeScript: Node runs the benchmarks directly.
 */
import { POSTGRES_BINARIES_NOT_FOUND, startThrowawayPostgres } from "@nucleo/tooling/postgres";

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A rate as a whole number with thousands separators. */
export const formatRate = (value: number): string => Math.round(value).toLocaleString("en-US");

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
