import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A server to clean up if this process ends without disposing of it. */
interface TrackedServer {
  readonly dataDir: string;
  readonly watchdogPid: number | undefined;
}

const tracked = new Set<TrackedServer>();
let exitHookInstalled = false;

// Runs detached, so it outlives a test run killed with SIGKILL (no exit hook runs then): once
// the parent is gone it stops the server immediately and deletes its folder.
const WATCHDOG = `
parent="$1"; data="$2"; base="$3"
while kill -0 "$parent" 2>/dev/null; do sleep 1; done
if [ -f "$data/postmaster.pid" ]; then kill -QUIT "$(head -n 1 "$data/postmaster.pid")" 2>/dev/null; sleep 2; fi
rm -rf "$base"
`;

/**
 * Makes sure a throwaway server does not outlive this process: an `exit` hook stops it at once
 * (SIGQUIT, PostgreSQL's immediate shutdown), and a detached watchdog also covers deaths that
 * run no hook. Returns the function that stops watching, for a normal dispose.
 */
export function cleanUpIfAbandoned(dataDir: string, baseDir: string): () => void {
  installExitHook();
  const watchdog = spawn(
    "sh",
    ["-c", WATCHDOG, "nucleo-postgres-watchdog", String(process.pid), dataDir, baseDir],
    {
      detached: true,
      stdio: "ignore",
    },
  );
  // Without a shell there is no watchdog; the exit hook still covers ordinary exits.
  watchdog.on("error", () => {});
  watchdog.unref();
  const server: TrackedServer = { dataDir, watchdogPid: watchdog.pid };
  tracked.add(server);
  return () => {
    tracked.delete(server);
    if (server.watchdogPid !== undefined) signal(server.watchdogPid, "SIGTERM");
  };
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const server of tracked) {
      const pid = postmasterPid(server.dataDir);
      if (pid !== undefined) signal(pid, "SIGQUIT");
    }
  });
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone: nothing left to stop.
  }
}
