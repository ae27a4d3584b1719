import { accessSync, constants, readdirSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";

/** Where the PostgreSQL server programs were found. */
export interface PostgresBinaries {
  /** The folder holding them, symlinks resolved (`pg_ctl` finds `postgres` beside itself). */
  readonly dir: string;
  readonly initdb: string;
  readonly pgCtl: string;
}

/** Where {@link findPostgresBinaries} looks; both default to the real machine's. */
export interface FindPostgresBinariesOptions {
  /** The `PATH` to search first; defaults to `process.env.PATH`. */
  readonly path?: string;
  /** Folders tried after `PATH`, in order; defaults to Debian's `/usr/lib/postgresql/<version>/bin`, 15 first. */
  readonly fallbackDirs?: readonly string[];
}

/** The `code` of the error thrown when no PostgreSQL server programs are installed. */
export const POSTGRES_BINARIES_NOT_FOUND = "POSTGRES_BINARIES_NOT_FOUND";

const DEBIAN_ROOT = "/usr/lib/postgresql";

/**
 * Finds `initdb` and `pg_ctl` (from one installation): on `PATH` first, then in Debian's
 * `/usr/lib/postgresql/15/bin` and any other version there, newest first. Debian keeps the
 * server programs off `PATH`, which is why the fallback exists. Throws an error with
 * `code === POSTGRES_BINARIES_NOT_FOUND` naming every folder it tried.
 *
 * @example
 * const { initdb, pgCtl } = findPostgresBinaries();
 */
export function findPostgresBinaries(options: FindPostgresBinariesOptions = {}): PostgresBinaries {
  const pathDirs = (options.path ?? process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "");
  const fallbackDirs = options.fallbackDirs ?? debianDirs();
  for (const dir of [...pathDirs, ...fallbackDirs]) {
    const found = binariesIn(dir);
    if (found !== undefined) return found;
  }
  const error = new Error(
    `PostgreSQL server programs not found: looked for initdb and pg_ctl in PATH (${pathDirs.join(delimiter) || "empty"}) ` +
      `and in ${fallbackDirs.join(", ") || "no fallback folder"}. Install PostgreSQL 15 (Debian: apt-get install postgresql-15) ` +
      "or put its bin folder on PATH.",
  );
  throw Object.assign(error, { code: POSTGRES_BINARIES_NOT_FOUND });
}

function binariesIn(dir: string): PostgresBinaries | undefined {
  const initdb = executable(join(dir, "initdb"));
  const pgCtl = executable(join(dir, "pg_ctl"));
  if (initdb === undefined || pgCtl === undefined) return undefined;
  // Resolve symlinks (/usr/local/bin/pg_ctl -> /usr/lib/postgresql/15/bin/pg_ctl) so both
  // programs and the `postgres` they start come from the same installation.
  const realDir = dirname(pgCtl);
  const sameInstall = executable(join(realDir, "initdb"));
  return { dir: realDir, initdb: sameInstall ?? initdb, pgCtl };
}

function executable(file: string): string | undefined {
  try {
    accessSync(file, constants.X_OK);
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function debianDirs(): string[] {
  let versions: string[];
  try {
    versions = readdirSync(DEBIAN_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    versions = [];
  }
  const others = versions
    .filter((version) => version !== "15")
    .sort((left, right) => Number(right) - Number(left));
  return ["15", ...others].map((version) => join(DEBIAN_ROOT, version, "bin"));
}
