import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname } from "node:path";

/** The operating-system account the server runs as, when it is not the current one. */
export interface ServerAccount {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const SERVER_USER = "postgres";

/**
 * The account to run `initdb` and `pg_ctl` as: `undefined` (the current user) unless the
 * current user is root, which PostgreSQL refuses to run as; then the `postgres` account, or a
 * clear error when the machine has none.
 */
export function serverAccount(): ServerAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", SERVER_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", SERVER_USER], { encoding: "utf8" }).trim());
    if (Number.isInteger(uid) && Number.isInteger(gid)) return { name: SERVER_USER, uid, gid };
  } catch {
    // Falls through to the error below: `id` says nothing useful beyond "no such user".
  }
  throw new Error(
    `Running as root, the throwaway PostgreSQL server must run as the "${SERVER_USER}" account (PostgreSQL refuses root), ` +
      `but this machine has no "${SERVER_USER}" account. Create one (useradd --system ${SERVER_USER}) or run the tests as another user.`,
  );
}

/**
 * The folder to create the server's temporary folder in: the system temp folder, unless the
 * server account could not reach it (a root-only `TMPDIR` under `/root`), then `/tmp`.
 */
export function temporaryRoot(account: ServerAccount | undefined): string {
  const preferred = tmpdir();
  if (account === undefined || othersCanTraverse(preferred)) return preferred;
  if (othersCanTraverse("/tmp")) return "/tmp";
  throw new Error(
    `Neither ${preferred} nor /tmp can be entered by the "${account.name}" account; set TMPDIR to a folder it can reach.`,
  );
}

function othersCanTraverse(dir: string): boolean {
  for (let current = dir; ; current = dirname(current)) {
    try {
      // 0o001: "others may enter". The server account is neither the owner nor in root's group.
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dirname(current) === current) return true;
  }
}
