import { mkdir, readdir } from "node:fs/promises";
import { resolve } from "node:path";
import { LOCK_FILE, lockDataDir } from "./data-dir-lock.js";
import { loadPglite, type PgliteModule } from "./load-pglite.js";
import { connectionOverPglite, createRecorderPglite } from "./pglite-connection.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";
import type { RecorderConnection } from "./recorder-connection.js";

/**
 * Opens embedded PGlite: in `dataDir` (created when missing, locked to this connection) or in
 * memory when no folder is given. A folder that holds other files but no database is refused
 * rather than filled with one (a mistyped path would scatter PostgreSQL's files through it).
 * PGlite is imported first, so when it is not installed the error names the package to add and
 * no folder is created. `importPglite` replaces that import in tests.
 *
 * @internal
 */
export async function openPglite(
  dataDir: string | undefined,
  importPglite?: () => Promise<PgliteModule>,
): Promise<RecorderConnection> {
  const pgliteModule = await loadPglite(importPglite);
  if (dataDir === undefined)
    return connectionOverPglite(await createRecorderPglite({}, pgliteModule), {
      closeInstance: true,
    });
  const folder = resolve(dataDir);
  await mkdir(folder, { recursive: true });
  await refuseForeignFolder(folder);
  const unlock = lockDataDir(folder);
  try {
    const pglite = await createRecorderPglite({ dataDir: folder }, pgliteModule);
    return connectionOverPglite(pglite, { closeInstance: true, afterClose: unlock });
  } catch (error) {
    unlock();
    throw new RecorderDatabaseError({
      code: "recorder_database_unreachable",
      dataDir: folder,
      message: `PGlite could not open the data folder ${folder}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

async function refuseForeignFolder(folder: string): Promise<void> {
  const entries = (await readdir(folder)).filter((name) => !name.startsWith(LOCK_FILE));
  if (entries.length === 0 || entries.includes("PG_VERSION")) return;
  throw new RecorderDatabaseError({
    code: "recorder_database_options",
    dataDir: folder,
    message: `The PGlite data folder ${folder} holds other files and no database (no PG_VERSION): give a new or empty folder, or one PGlite created.`,
  });
}
