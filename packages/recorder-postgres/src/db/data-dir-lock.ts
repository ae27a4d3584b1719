import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
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
 * The claim is written whole under a private name and then linked into place: `link` is atomic
 * and fails when the lock exists, so no process ever reads a lock half written (and takes an
 * empty one for stale).
 *
 * @internal
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const owner = `${process.pid}@${hostname()}`;
  const claim = `${file}.claim.${process.pid}.${randomUUID()}`;
  writeFileSync(claim, owner, { flag: "wx" });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(claim, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = readHolder(file);
        if (holder === undefined) continue; // gone meanwhile: try again
        if (holder === "" || stillRuns(holder)) throw inUse(dataDir, file, holder);
        takeOverStaleLock(file, holder);
        continue;
      }
      const release = (): void => {
        process.off("exit", release);
        if (readHolder(file) === owner) unlinkQuietly(file);
      };
      // A process that exits without closing still frees its folder for the next run.
      process.on("exit", release);
      return release;
    }
  } finally {
    unlinkQuietly(claim);
  }
  throw new RecorderDatabaseError({
    code: "recorder_data_dir_in_use",
    dataDir,
    message: `The PGlite data folder ${dataDir} could not be locked: ${file} keeps reappearing.`,
  });
}

/**
 * Removes a lock left by `holder`, a process that no longer runs — and only that lock. Several
 * processes may find the same stale lock at once, and one of them may already have put its own
 * in its place: so the lock is first moved aside under a private name (atomic: one mover wins),
 * then checked; a fresh lock moved by mistake is linked back.
 *
 * @internal
 */
export function takeOverStaleLock(file: string, holder: string): void {
  const aside = `${file}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // another process moved it first
    throw error;
  }
  try {
    if (readHolder(aside) !== holder) linkSync(aside, file);
  } catch {
    // Yet another lock took the place meanwhile: it stands.
  } finally {
    unlinkQuietly(aside);
  }
}

function inUse(dataDir: string, file: string, holder: string): RecorderDatabaseError {
  const who = holder === "" ? "another process (its lock file is empty)" : `process ${holder}`;
  return new RecorderDatabaseError({
    code: "recorder_data_dir_in_use",
    dataDir,
    message:
      `The PGlite data folder ${dataDir} is in use by ${who} (PGlite allows one process and one open connection per folder). ` +
      `Close the other connection, or delete ${file} if that process is gone.`,
  });
}

/** The lock's holder (`pid@host`), `""` for an empty lock, `undefined` when there is none. */
function readHolder(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
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
