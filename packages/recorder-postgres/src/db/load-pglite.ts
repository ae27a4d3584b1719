import { RecorderDatabaseError } from "./recorder-database-error.js";

/** The module the embedded database comes from: an optional peer of the recorder. */
export type PgliteModule = typeof import("@electric-sql/pglite");

/** The package to add for the embedded database. */
export const PGLITE_PACKAGE = "@electric-sql/pglite";

const importInstalledPglite = (): Promise<PgliteModule> => import("@electric-sql/pglite");

/**
 * Imports PGlite, which only the embedded database needs (a PostgreSQL server needs only `pg`),
 * so installing the recorder does not bring it along. When it is not installed, fails with a
 * {@link RecorderDatabaseError} (`recorder_pglite_missing`) naming the package to add.
 * `importPglite` replaces the import in tests.
 *
 * @internal
 */
export async function loadPglite(
  importPglite: () => Promise<PgliteModule> = importInstalledPglite,
): Promise<PgliteModule> {
  try {
    return await importPglite();
  } catch (error) {
    if (!isMissingPglite(error)) throw error;
    throw new RecorderDatabaseError({
      code: "recorder_pglite_missing",
      message: `The recorder's embedded database needs ${PGLITE_PACKAGE}, which is not installed: pnpm add ${PGLITE_PACKAGE} (or give the recorder a PostgreSQL url).`,
      cause: error,
    });
  }
}

// Only PGlite itself being absent gets the install hint; a broken install of it fails as it is.
function isMissingPglite(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    (message.includes(`'${PGLITE_PACKAGE}'`) || message.includes(`'${PGLITE_PACKAGE}/`))
  );
}
