import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { lockDataDir } from "./data-dir-lock.js";
import { connectionOverPglite, createRecorderPglite } from "./pglite-connection.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";
import type { RecorderConnection } from "./recorder-connection.js";

/**
 * Opens embedded PGlite: in `dataDir` (created when missing, locked to this connection) or in
 * memory when no folder is given.
 *
 * @internal
 */
export async function openPglite(dataDir: string | undefined): Promise<RecorderConnection> {
  if (dataDir === undefined) return connectionOverPglite(await createRecorderPglite(), { closeInstance: true });
  const folder = resolve(dataDir);
  await mkdir(folder, { recursive: true });
  const unlock = lockDataDir(folder);
  try {
    const pglite = await createRecorderPglite({ dataDir: folder });
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
