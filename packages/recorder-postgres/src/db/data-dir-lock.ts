import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { RecorderDatabaseError } from "./recorder-database-error.js";

/** The lock file's name inside a PGlite data folder. */
export const LOCK_FILE = "nucleo-recorder.lock";

/**
 * Claims a PGlite data folder for this process, and returns the function that gives it back.
 * PGlite runs one database in one process and does not guard its folder: two instances on one
 * folder corrupt it. So a second claim, from this process or another, is refused with an error
 * naming the holder; a lock left by a process that no longer runs is taken over.
 *
 * @internal
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const owner = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let descriptor: number;
    try {
      descriptor = openSync(file, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder !== undefined && stillRuns(holder)) {
        throw new RecorderDatabaseError({
          code: "recorder_data_dir_in_use",
          dataDir,
          message:
            `The PGlite data folder ${dataDir} is in use by process ${holder} (PGlite allows one process and one open connection per folder). ` +
            `Close the other connection, or delete ${file} if that process is gone.`,
        });
      }
      unlinkQuietly(file);
      continue;
    }
    try {
      writeSync(descriptor, owner);
    } finally {
      closeSync(descriptor);
    }
    const release = (): void => {
      process.off("exit", release);
      if (readHolder(file) === owner) unlinkQuietly(file);
    };
    // A process that exits without closing still frees its folder for the next run.
    process.on("exit", release);
    return release;
  }
  throw new RecorderDatabaseError({ code: "recorder_data_dir_in_use", dataDir, message: `The PGlite data folder ${dataDir} could not be locked: ${file} keeps reappearing.` });
}

function readHolder(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function stillRuns(holder: string): boolean {
  const [pid, host] = holder.split("@");
  // A lock from another machine (a shared folder) cannot be checked: assume it is held.
  if (host !== hostname()) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
