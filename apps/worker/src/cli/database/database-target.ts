import { resolve } from "node:path";
import { maskDatabaseUrl, passwordOf } from "@nucleo/recorder-postgres";

/** Where a query command finds the recorder's database, as the command line gave it. */
export interface DatabaseFlags {
  /** `--url`: a PostgreSQL server. */
  readonly url?: string | undefined;
  /** `--data-dir`: an embedded PGlite folder, relative to where the command was run. */
  readonly dataDir?: string | undefined;
}

/** Which database the command uses, and how to name it without its password. */
export type DatabaseTarget =
  | {
      readonly kind: "postgres";
      readonly url: string;
      readonly shown: string;
      readonly source: "--url" | "DATABASE_URL";
    }
  | {
      readonly kind: "pglite";
      readonly dataDir: string;
      readonly shown: string;
      readonly source: "--data-dir" | "default";
    };

/** What relative folders are resolved against, and the worker's own PGlite folder. */
export interface DatabaseDefaults {
  /** Where the command was run: `--data-dir` is relative to it. */
  readonly callerCwd: string;
  /** The PGlite folder the worker records into (its config's `recorder.pgliteDir`, resolved). */
  readonly defaultDataDir: string;
}

/**
 * `--url`, else `--data-dir`, else `DATABASE_URL`, else the worker's PGlite folder: the first
 * one given wins, so a query reads what `nucleo run` recorded unless told otherwise. `shown`
 * is what messages print (the URL with its password masked).
 */
export function resolveDatabaseTarget(
  flags: DatabaseFlags,
  env: Readonly<Record<string, string | undefined>>,
  defaults: DatabaseDefaults,
): DatabaseTarget {
  if (flags.url !== undefined)
    return { kind: "postgres", url: flags.url, shown: maskDatabaseUrl(flags.url), source: "--url" };
  if (flags.dataDir !== undefined) {
    const dataDir = resolve(defaults.callerCwd, flags.dataDir);
    return { kind: "pglite", dataDir, shown: `PGlite at ${dataDir}`, source: "--data-dir" };
  }
  const fromEnv = env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv.trim() !== "")
    return {
      kind: "postgres",
      url: fromEnv,
      shown: maskDatabaseUrl(fromEnv),
      source: "DATABASE_URL",
    };
  return {
    kind: "pglite",
    dataDir: defaults.defaultDataDir,
    shown: `PGlite at ${defaults.defaultDataDir}`,
    source: "default",
  };
}

/**
 * Replaces the target's password wherever it appears in `text` (raw and URL-encoded), and the
 * whole URL by its masked form, for anything printed: a driver may quote a connection string
 * in an error.
 */
export function scrubPassword(text: string, target: DatabaseTarget): string {
  if (target.kind !== "postgres") return text;
  const password = passwordOf(target.url);
  let scrubbed = text.replaceAll(target.url, target.shown);
  if (password !== undefined && password.length > 0) {
    for (const form of new Set([password, encodeURIComponent(password)]))
      scrubbed = scrubbed.replaceAll(form, "***");
  }
  return scrubbed;
}
