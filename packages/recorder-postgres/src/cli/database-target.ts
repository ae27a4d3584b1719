import { resolve } from "node:path";
import { maskDatabaseUrl, passwordOf } from "../db/mask-database-url.js";
import type { DatabaseFlags } from "./parse-recorder-args.js";

/** The default embedded database: a PGlite folder under the current directory. */
export const DEFAULT_DATA_DIR = ".nucleo/pglite";

/** Which database the command uses, and how to name it without its password. */
export type DatabaseTarget =
  | { readonly kind: "postgres"; readonly url: string; readonly shown: string; readonly source: "--url" | "DATABASE_URL" }
  | { readonly kind: "pglite"; readonly dataDir: string; readonly shown: string; readonly source: "--data-dir" | "default" };

/**
 * `--url`, else `--data-dir`, else `DATABASE_URL`, else the default PGlite folder: the first
 * one given wins. `shown` is what messages print (the URL with its password masked).
 *
 * @internal
 */
export function resolveDatabaseTarget(flags: DatabaseFlags, env: Readonly<Record<string, string | undefined>>, cwd: string): DatabaseTarget {
  if (flags.url !== undefined) return { kind: "postgres", url: flags.url, shown: maskDatabaseUrl(flags.url), source: "--url" };
  if (flags.dataDir !== undefined) {
    const dataDir = resolve(cwd, flags.dataDir);
    return { kind: "pglite", dataDir, shown: `PGlite at ${dataDir}`, source: "--data-dir" };
  }
  const fromEnv = env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== "") return { kind: "postgres", url: fromEnv, shown: maskDatabaseUrl(fromEnv), source: "DATABASE_URL" };
  const dataDir = resolve(cwd, DEFAULT_DATA_DIR);
  return { kind: "pglite", dataDir, shown: `PGlite at ${dataDir}`, source: "default" };
}

/**
 * Replaces the target's password wherever it appears in `text` (raw and URL-encoded), for
 * anything printed: a driver may quote a connection string in an error.
 *
 * @internal
 */
export function scrubPassword(text: string, target: DatabaseTarget): string {
  if (target.kind !== "postgres") return text;
  const password = passwordOf(target.url);
  let scrubbed = text.replaceAll(target.url, target.shown);
  if (password !== undefined && password.length > 0) {
    for (const form of new Set([password, encodeURIComponent(password)])) scrubbed = scrubbed.replaceAll(form, "***");
  }
  return scrubbed;
}
