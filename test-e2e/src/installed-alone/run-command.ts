import { execFile } from "node:child_process";

/** How a command ended: its exit code (or -1 when it was killed) and what it wrote. */
export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

/** Where and how long a command runs, and what it sees. */
export interface RunCommandOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
}

/**
 * Runs a command to its end and reports how it ended instead of throwing, so a check can
 * show the command's own output when it failed.
 */
export async function runCommand(command: string, args: readonly string[], options: RunCommandOptions): Promise<CommandResult> {
  const started = performance.now();
  return await new Promise((resolve) => {
    execFile(command, args, { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      const timedOut = error !== null && error.killed ? `\n(killed after ${options.timeoutMs} ms)` : "";
      resolve({ code, stdout, stderr: stderr + timedOut, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/**
 * The environment of a user's shell: this process's, without what the package manager and the
 * test runner add (`npm_*`, `pnpm_*`, `VITEST*`, `NODE_ENV`) and without the keys and database
 * URL that would send examples off this machine — they run on their local stand-ins.
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dropped = /^(npm_|pnpm_|VITEST|NODE_ENV$|DATABASE_URL$|OPENAI_API_KEY$|ANTHROPIC_API_KEY$)/i;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !dropped.test(key))), ...extra };
}
