import { runCommand } from "./run-command.js";

/** The pnpm that runs the workspace, and the store its install filled. */
export interface WorkspacePnpm {
  readonly command: string;
  readonly storeDir: string;
}

/**
 * The pnpm running this test (`pnpm test` through turbo names itself in `npm_execpath`; by
 * hand, the one on PATH) and its store: installs into empty projects then take the registry's
 * packages from what the workspace's own install already downloaded.
 */
export async function workspacePnpm(repoRoot: string): Promise<WorkspacePnpm> {
  const execPath = process.env.npm_execpath;
  const command = execPath !== undefined && /pnpm[^/]*$/.test(execPath) ? execPath : "pnpm";
  const store = await runCommand(command, ["store", "path"], { cwd: repoRoot, timeoutMs: 60_000 });
  if (store.code !== 0)
    throw new Error(`pnpm store path failed in ${repoRoot} (exit ${store.code}): ${store.stderr}`);
  return { command, storeDir: store.stdout.trim() };
}
